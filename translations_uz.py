"""Uzbek translations of the message ids added by the ui-home branch (Home, About, call
for speakers). Merged into locales/uz by the integrator."""

UZ = {
    # --- home: next meetup, countdown, register alert
    "Next meetup": "Keyingi meetup",
    "Starts in": "Boshlanishiga",
    "(Korea time)": "(Koreya vaqti)",
    "Days": "Kun",
    "Hours": "Soat",
    "Minutes": "Daqiqa",
    "Seconds": "Soniya",
    "d": "kun",
    "h": "soat",
    "min": "daq",
    "sec": "son",
    "Registration has closed: the meetup has started.": "Ro‘yxatdan o‘tish yopildi: meetup boshlandi.",
    "The meetup has started!": "Meetup boshlandi!",
    "Register now": "Hozir ro‘yxatdan o‘ting",
    "Fully booked": "Joylar band",
    "Registration closes when the meetup starts:": "Ro‘yxatdan o‘tish meetup boshlanganda yopiladi:",
    "All seats are taken: this meetup is full.": "Barcha joylar band: bu meetupda bo‘sh joy qolmadi.",
    "Hurry: only 1 seat left!": "Shoshiling: atigi 1 ta joy qoldi!",
    "Hurry: only {n} seats left!": "Shoshiling: atigi {n} ta joy qoldi!",
    "{n} of {total} seats still available": "{total} ta joydan {n} tasi hali bo‘sh",
    "No meetup is planned yet. Follow us on Telegram to hear first.": (
        "Hozircha meetup rejalashtirilmagan. Birinchilardan bo‘lib bilish uchun Telegramda bizni kuzatib boring."
    ),
    "See all events": "Barcha tadbirlar",
    "Join us on Telegram": "Telegramda bizga qo‘shiling",
    "Loading the next meetup...": "Keyingi meetup yuklanmoqda...",
    "Error loading the next meetup.": "Keyingi meetupni yuklashda xatolik yuz berdi.",
    # --- home: statistics
    "Our community in numbers": "Hamjamiyatimiz raqamlarda",
    "Expert speakers": "Tajribali spikerlar",
    "Community events": "Hamjamiyat tadbirlari",
    "Active members": "Faol a’zolar",
    "goal": "maqsad",
    "Loading statistics...": "Statistika yuklanmoqda...",
    "Error loading statistics.": "Statistikani yuklashda xatolik yuz berdi.",
    # --- home: projects, benefits, speaker banner
    "Affiliated projects": "Hamkor loyihalar",
    "Open-source tools, study groups and programmes built by our members.": (
        "A’zolarimiz yaratgan ochiq kodli vositalar, o‘quv guruhlari va dasturlar."
    ),
    "opens in a new tab": "yangi oynada ochiladi",
    "Loading projects...": "Loyihalar yuklanmoqda...",
    "Loading benefits...": "Afzalliklar yuklanmoqda...",
    "Error loading this section. Please try again later.": (
        "Bu bo‘limni yuklashda xatolik yuz berdi. Iltimos, keyinroq qayta urinib ko‘ring."
    ),
    "Why join us": "Nega bizga qo‘shilish kerak",
    "What members get from the community, whether you are a student or a senior engineer.": (
        "Talaba bo‘lasizmi yoki tajribali muhandis, hamjamiyat a’zolariga nimalar beradi."
    ),
    "Join the Community": "Hamjamiyatga qo‘shiling",
    "Apply": "Ariza topshirish",
    "Share what you have learned with developers who walk the same path. First-time speakers are welcome: we help with the topic, slides and rehearsal.": (
        "O‘rganganlaringizni siz bilan bir yo‘ldan borayotgan dasturchilar bilan baham ko‘ring. "
        "Birinchi marta chiqadigan spikerlarni ham kutamiz: mavzu, slaydlar va tayyorgarlikda yordam beramiz."
    ),
    # --- about
    "Our mission": "Bizning maqsadimiz",
    "UzDev Korea brings together Uzbek software developers, students and researchers who live, work and study in South Korea. Many of us arrived on our own, with a new language, a new visa and a new job market to figure out. This community exists so that nobody has to figure it out alone.": (
        "UzDev Korea Janubiy Koreyada yashayotgan, ishlayotgan va o‘qiyotgan o‘zbek dasturchilari, "
        "talabalar va tadqiqotchilarni birlashtiradi. Ko‘pchiligimiz bu yerga yolg‘iz kelganmiz: yangi til, "
        "yangi viza va notanish mehnat bozori bilan o‘zimiz kurashganmiz. Bu hamjamiyat hech kim bu yo‘lni "
        "yolg‘iz bosib o‘tmasligi uchun mavjud."
    ),
    "We meet regularly in Seoul, Busan and Daejeon for talks, workshops and informal evenings, and we stay in touch every day in our Telegram group. Members share vacancies and referrals, review each other's CVs and code, and help newcomers with everything from the TOPIK exam to their first salary negotiation.": (
        "Biz Seul, Busan va Daejeonda ma’ruzalar, amaliy mashg‘ulotlar va norasmiy uchrashuvlar uchun "
        "muntazam yig‘ilamiz, Telegram guruhimizda esa har kuni aloqada bo‘lamiz. A’zolar bo‘sh ish o‘rinlari "
        "va tavsiyalar bilan bo‘lishadi, bir-birining rezyumesi va kodini ko‘rib chiqadi, yangi kelganlarga "
        "TOPIK imtihonidan tortib birinchi maosh bo‘yicha muzokaragacha yordam beradi."
    ),
    "We also want to be a bridge between the two countries. Our members build open-source projects, mentor students at Korean universities and bring what they learn in Korea back to developers in Uzbekistan. Whether you are writing your first line of code or leading a team, there is a place for you here.": (
        "Biz ikki davlat o‘rtasida ko‘prik bo‘lishni ham istaymiz. A’zolarimiz ochiq kodli loyihalar yaratadi, "
        "Koreya universitetlaridagi talabalarga mentorlik qiladi va Koreyada o‘rganganlarini O‘zbekistondagi "
        "dasturchilarga yetkazadi. Birinchi kod satringizni yozayotgan bo‘lsangiz ham, jamoaga rahbarlik "
        "qilayotgan bo‘lsangiz ham, bu yerda siz uchun joy bor."
    ),
    "Event organizers": "Tadbir tashkilotchilari",
    "The people who find the venues, invite the speakers and run our meetups.": (
        "Joy topadigan, spikerlarni taklif qiladigan va meetuplarimizni o‘tkazadigan insonlar."
    ),
    "Project contributors": "Loyiha ishtirokchilari",
    "The members who build and maintain this website and our open-source projects.": (
        "Ushbu sayt va ochiq kodli loyihalarimizni yaratayotgan va qo‘llab-quvvatlayotgan a’zolar."
    ),
    "Website": "Veb-sayt",
    "{name} on {site} (opens in a new tab)": "{name}: {site} (yangi oynada ochiladi)",
    # --- call for speakers
    "Speaker application": "Spiker arizasi",
    "Share your experience with Uzbek developers in Korea at one of our meetups. First talk? Even better: we help with the topic, the slides and a rehearsal.": (
        "Meetuplarimizdan birida Koreyadagi o‘zbek dasturchilari bilan tajribangizni baham ko‘ring. "
        "Birinchi ma’ruzangizmi? Yanada yaxshi: mavzu, slaydlar va mashqda yordam beramiz."
    ),
    "Send us your topic and a few links about your work.": (
        "Mavzuingizni va ishingiz haqida bir nechta havolani yuboring."
    ),
    "An organizer reviews it and contacts you within 5-7 business days.": (
        "Tashkilotchi uni ko‘rib chiqadi va 5-7 ish kuni ichida siz bilan bog‘lanadi."
    ),
    "We help you prepare and pick the meetup that suits you.": (
        "Tayyorlanishingizga va o‘zingizga mos meetupni tanlashingizga yordam beramiz."
    ),
    "All fields are required unless marked optional.": (
        "Ixtiyoriy deb belgilanmagan barcha maydonlar to‘ldirilishi shart."
    ),
    "11 digits starting with 010, e.g. 01012345678": "010 bilan boshlanadigan 11 ta raqam, masalan 01012345678",
    "Full name": "To‘liq ism",
    "Job position": "Lavozim",
    "e.g. Backend engineer at Naver": "masalan, Naverda backend muhandis",
    "Years of experience": "Ish tajribasi",
    "Field of expertise": "Mutaxassislik sohasi",
    "Select an option": "Tanlang",
    "Less than 1 year": "1 yildan kam",
    "1-3 years": "1-3 yil",
    "3-5 years": "3-5 yil",
    "5-10 years": "5-10 yil",
    "10+ years": "10 yildan ortiq",
    "Frontend": "Frontend",
    "Backend": "Backend",
    "Full-stack": "Full-stack",
    "Mobile": "Mobil",
    "DevOps": "DevOps",
    "Data": "Ma’lumotlar",
    "AI / Machine learning": "Sun’iy intellekt / Mashinali o‘qitish",
    "Blockchain": "Blokcheyn",
    "Security": "Xavfsizlik",
    "Game development": "O‘yin ishlab chiqish",
    "Other": "Boshqa",
    "Topics you would like to talk about": "Gapirmoqchi bo‘lgan mavzularingiz",
    "A title or two and a few sentences about each (at least 10 characters).": (
        "Bir-ikkita sarlavha va har biri haqida bir necha gap (kamida 10 ta belgi)."
    ),
    "LinkedIn profile URL": "LinkedIn profili havolasi",
    "GitHub profile URL": "GitHub profili havolasi",
    "Portfolio or website URL": "Portfolio yoki veb-sayt havolasi",
    "Photo (optional)": "Rasm (ixtiyoriy)",
    "Choose a photo": "Rasm tanlash",
    "Choose another photo": "Boshqa rasm tanlash",
    "or drop it here. JPEG, PNG or WebP, at most 5 MB.": (
        "yoki shu yerga tashlang. JPEG, PNG yoki WebP, ko‘pi bilan 5 MB."
    ),
    "Remove photo": "Rasmni olib tashlash",
    "Submit application": "Arizani yuborish",
    "Failed to submit application. Please try again.": (
        "Arizani yuborib bo‘lmadi. Iltimos, qayta urinib ko‘ring."
    ),
    "Application received!": "Ariza qabul qilindi!",
    "Thank you for offering to speak. Our organizers will review your application and contact you within 5-7 business days.": (
        "Ma’ruza qilish taklifingiz uchun rahmat. Tashkilotchilarimiz arizangizni ko‘rib chiqib, "
        "5-7 ish kuni ichida siz bilan bog‘lanadi."
    ),
    "Close": "Yopish",
}
