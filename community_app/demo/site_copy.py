"""Site copy: affiliated projects, benefits and the people on the About page.

Each list is in display order; the loader sets ``position`` from the index.
"""

from __future__ import annotations

GITHUB_ORG = "https://github.com/uzdev-korea"

AFFILIATED_PROJECTS = [
    {
        "name": "Lug‘at",
        "url": f"{GITHUB_ORG}/uzbek-korean-dictionary",
        "description_en": (
            "An open-source Uzbek–Korean–English dictionary with 38,000 entries, "
            "example sentences and an API. Community members add IT terms every week."
        ),
        "description_uz": (
            "O‘zbekcha–koreyscha–inglizcha ochiq lug‘at: 38 000 dan ortiq so‘z, "
            "misol gaplar va API. Hamjamiyat a’zolari har hafta IT atamalarini qo‘shib boradi."
        ),
    },
    {
        "name": "Hangul Bot",
        "url": f"{GITHUB_ORG}/hangul-study-bot",
        "description_en": (
            "A Telegram bot for our Korean-language study group: daily vocabulary, "
            "spaced-repetition quizzes and weekly speaking sessions on Zoom."
        ),
        "description_uz": (
            "Koreys tilini o‘rganish guruhimiz uchun Telegram bot: har kuni yangi so‘zlar, "
            "takrorlash testlari va haftalik og‘zaki mashg‘ulotlar."
        ),
    },
    {
        "name": "TOPIK Prep",
        "url": f"{GITHUB_ORG}/topik-prep",
        "description_en": (
            "A free Flutter app for TOPIK I and II practice, with past-paper style "
            "reading and listening drills and explanations in Uzbek."
        ),
        "description_uz": (
            "TOPIK I va II imtihonlariga tayyorlanish uchun bepul Flutter ilovasi: "
            "o‘qish va tinglash mashqlari, izohlar o‘zbek tilida."
        ),
    },
    {
        "name": "UzDev Referrals",
        "url": f"{GITHUB_ORG}/referral-network",
        "description_en": (
            "A job-referral network: members working at Korean tech companies review "
            "CVs and refer fellow Uzbek developers for open positions."
        ),
        "description_uz": (
            "Tavsiya tarmog‘i: Koreya IT kompaniyalarida ishlayotgan a’zolar "
            "rezyumelarni ko‘rib chiqadi va o‘zbek dasturchilarni bo‘sh o‘rinlarga tavsiya qiladi."
        ),
    },
    {
        "name": "Ustoz-Shogird",
        "url": f"{GITHUB_ORG}/ustoz-shogird",
        "description_en": (
            "A 12-week mentorship programme pairing Uzbek students at Korean universities "
            "with working engineers for code reviews, internships and career advice."
        ),
        "description_uz": (
            "12 haftalik mentorlik dasturi: Koreya universitetlaridagi o‘zbek talabalar "
            "tajribali muhandislar bilan kod tahlili, amaliyot va karyera bo‘yicha ishlaydi."
        ),
    },
    {
        "name": "Kod va Kimchi Podcast",
        "url": f"{GITHUB_ORG}/kod-va-kimchi-podcast",
        "description_en": (
            "A tech podcast in Uzbek about working as a developer in Korea: interviews "
            "with engineers from Naver, Kakao, Coupang and small startups."
        ),
        "description_uz": (
            "Koreyada dasturchi bo‘lib ishlash haqida o‘zbek tilidagi podkast: Naver, Kakao, "
            "Coupang va kichik startaplar muhandislari bilan suhbatlar."
        ),
    },
]

# Icons are lucide icon names in snake_case.
BENEFITS = [
    {
        "icon": "users",
        "title_en": "A community that gets it",
        "title_uz": "Sizni tushunadigan hamjamiyat",
        "description_en": (
            "Meet Uzbek developers who have been through the same visas, "
            "language exams and first jobs in Korea."
        ),
        "description_uz": (
            "Koreyada xuddi shu vizalar, til imtihonlari va birinchi ish joyidan o‘tgan "
            "o‘zbek dasturchilar bilan tanishing."
        ),
    },
    {
        "icon": "briefcase",
        "title_en": "Jobs and referrals",
        "title_uz": "Ish o‘rinlari va tavsiyalar",
        "description_en": (
            "Vacancies from Korean companies open to foreigners, plus referrals "
            "from members already working there."
        ),
        "description_uz": (
            "Chet elliklarni ishga oladigan Koreya kompaniyalaridagi bo‘sh o‘rinlar va "
            "u yerda ishlayotgan a’zolardan tavsiyalar."
        ),
    },
    {
        "icon": "graduation_cap",
        "title_en": "Mentorship for students",
        "title_uz": "Talabalar uchun mentorlik",
        "description_en": (
            "Get paired with an engineer for code reviews, internship applications "
            "and interview practice in English or Korean."
        ),
        "description_uz": (
            "Kod tahlili, amaliyotga hujjat topshirish va ingliz yoki koreys tilida "
            "intervyu mashqi uchun tajribali muhandis bilan ishlang."
        ),
    },
    {
        "icon": "mic",
        "title_en": "A stage for your talk",
        "title_uz": "Ma’ruza uchun sahna",
        "description_en": (
            "Give your first conference-style talk at a friendly meetup; "
            "organizers help with slides and rehearsal."
        ),
        "description_uz": (
            "Birinchi ma’ruzangizni do‘stona muhitda qiling: tashkilotchilar slaydlar "
            "va tayyorgarlikda yordam beradi."
        ),
    },
    {
        "icon": "handshake",
        "title_en": "Partners in both countries",
        "title_uz": "Ikki davlatdagi hamkorlar",
        "description_en": (
            "We work with Korean startup hubs, universities and IT Park Uzbekistan "
            "to open doors for members."
        ),
        "description_uz": (
            "A’zolarimiz uchun imkoniyat yaratish maqsadida Koreya startap markazlari, "
            "universitetlar va IT Park Uzbekistan bilan hamkorlik qilamiz."
        ),
    },
    {
        "icon": "globe",
        "title_en": "Bridge Korea and Uzbekistan",
        "title_uz": "Koreya va O‘zbekiston o‘rtasida ko‘prik",
        "description_en": (
            "Share what you learn in Seoul with developers back home through "
            "open-source projects, podcasts and online meetups."
        ),
        "description_uz": (
            "Seulda o‘rganganlaringizni ochiq kodli loyihalar, podkastlar va onlayn "
            "uchrashuvlar orqali vatandagi dasturchilar bilan baham ko‘ring."
        ),
    },
]

# People on the About page. kind is "organizer" or "contributor".
TEAM_MEMBERS = [
    {
        "kind": "organizer",
        "name": "Sardor Tursunov",
        "role_en": "Founder and community lead",
        "role_uz": "Asoschi va hamjamiyat rahbari",
        "profile_url": "https://www.linkedin.com/in/sardor-tursunov-dev",
    },
    {
        "kind": "organizer",
        "name": "Gulnora Axmedova",
        "role_en": "Events lead, Seoul",
        "role_uz": "Tadbirlar bo‘yicha mas’ul, Seul",
        "profile_url": "https://www.linkedin.com/in/gulnora-axmedova",
    },
    {
        "kind": "organizer",
        "name": "Jahongir Mamatov",
        "role_en": "Partnerships and sponsors",
        "role_uz": "Hamkorlik va homiylar bilan ishlash",
        "profile_url": "https://www.linkedin.com/in/jahongir-mamatov",
    },
    {
        "kind": "organizer",
        "name": "Otabek Nazarov",
        "role_en": "Busan chapter lead",
        "role_uz": "Busan bo‘limi rahbari",
        "profile_url": "https://github.com/otabek-nazarov",
    },
    {
        "kind": "organizer",
        "name": "Sherzod Aminov",
        "role_en": "Daejeon chapter lead and KAIST liaison",
        "role_uz": "Daejeon bo‘limi rahbari, KAIST bilan aloqalar",
        "profile_url": "https://www.linkedin.com/in/sherzod-aminov-kaist",
    },
    {
        "kind": "contributor",
        "name": "Jasur Karimov",
        "role_en": "Website backend and API",
        "role_uz": "Sayt backendi va API",
        "profile_url": "https://github.com/jasur-karimov",
    },
    {
        "kind": "contributor",
        "name": "Nilufar Ismoilova",
        "role_en": "Website frontend and design system",
        "role_uz": "Sayt frontendi va dizayn tizimi",
        "profile_url": "https://github.com/nilufar-ismoilova",
    },
    {
        "kind": "contributor",
        "name": "Bekzod Xolmatov",
        "role_en": "Infrastructure and deployments",
        "role_uz": "Infratuzilma va serverlar",
        "profile_url": "https://github.com/bekzod-xolmatov",
    },
    {
        "kind": "contributor",
        "name": "Madina Abdullayeva",
        "role_en": "Dictionary data and NLP tools",
        "role_uz": "Lug‘at ma’lumotlari va NLP vositalari",
        "profile_url": "https://github.com/madina-abdullayeva",
    },
    {
        "kind": "contributor",
        "name": "Ibrohim Valiyev",
        "role_en": "UI/UX design",
        "role_uz": "UI/UX dizayn",
        "profile_url": "https://www.linkedin.com/in/ibrohim-valiyev-design",
    },
    {
        "kind": "contributor",
        "name": "Diyora Saidova",
        "role_en": "Uzbek translations and content",
        "role_uz": "O‘zbekcha tarjima va kontent",
        "profile_url": "https://github.com/diyora-saidova",
    },
    {
        "kind": "contributor",
        "name": "Shahzoda Qodirova",
        "role_en": "News editor and Korean–Uzbek translation",
        "role_uz": "Yangiliklar muharriri, koreyschadan tarjima",
        "profile_url": "https://www.linkedin.com/in/shahzoda-qodirova",
    },
]
