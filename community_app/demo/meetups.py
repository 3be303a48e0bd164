"""Demo meetups with their speakers, sessions, registrations, notes and reviews.

Dates are relative: a meetup falls on the first ``weekday`` on or after ``now + in_days``
(Korea time) and starts at ``kst_start`` Korea time; the loader stores it in UTC.
Upcoming meetups have a positive ``in_days``, past ones a negative one.
"""

from __future__ import annotations

import dataclasses
import datetime as dt

from community_app.models import AttendanceReason as Reason
from community_app.models import InterestedField as Field
from community_app.models import RegistrationStatus as Status

MON, TUE, WED, THU, FRI, SAT, SUN = range(7)


@dataclasses.dataclass(frozen=True)
class SpeakerSeed:
    full_name: str
    job_position: str
    company: str
    bio: str
    profile_url: str | None = None


@dataclasses.dataclass(frozen=True)
class SessionSeed:
    """A talk of the programme (models/talk.Talk)."""

    subject: str
    speaker: int  # index into the meetup's speakers
    offset_min: int  # minutes after the meetup starts
    length_min: int
    abstract: str = ""  # Markdown
    language: str = "en"
    level: str = "all"
    room: str = ""
    slides_url: str | None = None  # a link to slides elsewhere
    slides_pdf: bool = False  # past meetups: a generated PDF uploaded as the slides
    recording_url: str | None = None  # past meetups: the recording (YouTube)


@dataclasses.dataclass(frozen=True)
class RegistrationSeed:
    username: str
    reason: Reason
    field: Field
    expectation: str
    status: Status = Status.ACCEPTED
    checked_in: bool = False  # past meetups: came to the event


@dataclasses.dataclass(frozen=True)
class NoteSeed:
    content: str
    active: bool = True
    days_before: int = 3  # written this many days before the meetup


@dataclasses.dataclass(frozen=True)
class ReviewSeed:
    rating: int
    content: str
    username: str | None = None  # a seeded member...
    guest_name: str = ""  # ...or a guest who is not a member


@dataclasses.dataclass(frozen=True)
class MeetupSeed:
    title: str
    description: str
    location: str
    in_days: int
    weekday: int
    kst_start: dt.time
    minutes: int
    max_seats: int
    provided: str
    parking: bool = False
    requires_approval: bool = False
    speakers: tuple[SpeakerSeed, ...] = ()
    sessions: tuple[SessionSeed, ...] = ()
    registrations: tuple[RegistrationSeed, ...] = ()
    crowd: int = 0  # further ACCEPTED registrations taken from the member pool
    no_shows: int = 0  # past meetups: how many of the crowd did not check in
    notes: tuple[NoteSeed, ...] = ()
    reviews: tuple[ReviewSeed, ...] = ()


# What the crowd writes when registering, handed out in turn.
CROWD_ANSWERS = [
    (Reason.NETWORKING, Field.BACKEND, "Meet other Uzbek backend developers and swap notes on Korean teams."),
    (Reason.LEARNING, Field.AI, "Yangi texnologiyalar haqida amaliy misollar eshitmoqchiman."),
    (Reason.FIRST_TIME, Field.FRONTEND, "First meetup for me; I want to see what the community is like."),
    (Reason.JOB_OPPORTUNITIES, Field.MOBILE, "Looking for a junior mobile role and would love some advice."),
    (Reason.ATTENDED_BEFORE, Field.CLOUD, "The last meetup was great, coming back for the talks and people."),
    (Reason.LEARNING, Field.DATA, "Ma’lumotlar tahlili bo‘yicha tajribali mutaxassislardan o‘rganish."),
    (Reason.NETWORKING, Field.UI, "Designers and developers in one room; hoping to find a side project team."),
    (Reason.OTHERS, Field.CYBER, "Xavfsizlik sohasida ishlaydiganlar bilan tanishish va savollar berish."),
]

# ---------------------------------------------------------------- upcoming

SEOUL_TECH_NIGHT_13 = MeetupSeed(
    title="Seoul Tech Night #13: Shipping LLM features to production",
    description=(
        "Everyone has a chatbot demo; far fewer teams have an LLM feature that survives "
        "real users. Two engineers from Korean product companies share what it took to "
        "ship retrieval-augmented search and support assistants in Korean and English.\n\n"
        "Expect concrete numbers: latency budgets, evaluation sets, the cost per thousand "
        "requests and the guardrails that caught the embarrassing answers before customers did.\n\n"
        "Ma’ruzalar ingliz tilida, savol-javob o‘zbek tilida ham bo‘ladi. "
        "Tadbirdan keyin pizza va networking."
    ),
    location="Google for Startups Campus, Gangnam-gu, Seoul",
    in_days=8,
    weekday=THU,
    kst_start=dt.time(19, 0),
    minutes=150,
    max_seats=80,
    provided="Pizza, drinks, Wi-Fi",
    speakers=(
        SpeakerSeed(
            "Kim Ji-hoon",
            "Machine Learning Engineer",
            "Naver Cloud",
            "Works on search and retrieval for HyperCLOVA X based products. "
            "Previously built ranking models for Naver Shopping.",
            "https://www.linkedin.com/in/kim-jihoon-ml",
        ),
        SpeakerSeed(
            "Rustam Aliqulov",
            "Senior Backend Engineer",
            "Kakao",
            "Toshkentlik backend muhandisi, Kakao’da 5 yildan beri ishlaydi. "
            "Mijozlarni qo‘llab-quvvatlash uchun LLM yordamchisini ishlab chiqqan jamoada.",
            "https://github.com/rustam-aliqulov",
        ),
    ),
    sessions=(
        SessionSeed("Retrieval-augmented generation over Korean documents: lessons from production", 0, 20, 40),
        SessionSeed("Guardrails, evals and cost control for LLM features", 1, 70, 40),
        SessionSeed("Panel: fine-tune or prompt? Q&A with both speakers", 0, 115, 30),
    ),
    registrations=(
        RegistrationSeed(
            "dilnoza", Reason.LEARNING, Field.AI,
            "I want to see how Korean teams evaluate LLM answers before shipping them.",
        ),
        RegistrationSeed(
            "jasur", Reason.ATTENDED_BEFORE, Field.BACKEND,
            "We are adding LLM search to our delivery operations dashboard; hoping to learn about evals.",
        ),
        RegistrationSeed(
            "nilufar", Reason.NETWORKING, Field.FRONTEND,
            "Streaming chat UIs in React and meeting the Kakao team.",
            status=Status.CANCELLED,
        ),
    ),
    crowd=21,
    notes=(
        NoteSeed("Please bring an ID: building security checks names against the registration list.", days_before=5),
        NoteSeed("Slaydlar tadbirdan keyin Telegram guruhimizda e’lon qilinadi.", days_before=2),
    ),
)

KOREAN_INTERVIEW_WORKSHOP = MeetupSeed(
    title="Koreys tilida texnik intervyu: amaliy seminar",
    description=(
        "Koreya IT kompaniyalarida intervyu ko‘pincha koreys tilida o‘tadi: 자기소개 "
        "(o‘zini tanishtirish), loyiha tajribasi haqida savollar va tizim dizayni.\n\n"
        "Seminarda Woowa Brothers muhandislik menejeri intervyu qanday baholanishini "
        "tushuntiradi, so‘ng juftliklarda mock intervyu o‘tkazamiz. Har bir ishtirokchi "
        "yozma fikr-mulohaza oladi.\n\n"
        "Joylar 30 ta, ishtirokchilar tashkilotchilar tomonidan tasdiqlanadi. "
        "TOPIK 4 va undan yuqori daraja tavsiya etiladi."
    ),
    location="Seoul Global Center, Jongno-gu, Seoul",
    in_days=16,
    weekday=SAT,
    kst_start=dt.time(14, 0),
    minutes=180,
    max_seats=30,
    provided="Coffee, snacks, printed question sheets",
    requires_approval=True,
    speakers=(
        SpeakerSeed(
            "Park Seo-yeon",
            "Engineering Manager",
            "Woowa Brothers",
            "Has interviewed more than 300 backend candidates for Baemin, "
            "including many foreign engineers.",
            "https://www.linkedin.com/in/park-seoyeon-em",
        ),
        SpeakerSeed(
            "Nilufar Ismoilova",
            "Frontend Developer",
            "LINE Plus",
            "Passed five interview loops in Korean before joining LINE Plus; "
            "mentor in the Ustoz-Shogird programme.",
            "https://github.com/nilufar-ismoilova",
        ),
    ),
    sessions=(
        SessionSeed("How Korean tech companies run coding and culture-fit interviews", 0, 10, 45),
        SessionSeed("Juftlikda mock intervyu: 자기소개 va tizim dizayni koreys tilida", 1, 70, 90),
    ),
    registrations=(
        RegistrationSeed(
            "madina", Reason.JOB_OPPORTUNITIES, Field.AI,
            "Bitiruvdan keyin Koreyada ishlamoqchiman, koreyscha intervyuni mashq qilishim kerak.",
        ),
        RegistrationSeed(
            "shahzoda", Reason.JOB_OPPORTUNITIES, Field.DATA,
            "Keyingi oy Samsung hamkor kompaniyasida intervyum bor, mashq qilib olmoqchiman.",
            status=Status.PENDING,
        ),
    ),
    crowd=9,
    notes=(
        NoteSeed(
            "Ro‘yxatdan o‘tganlar 3 kun ichida tasdiq xatini oladi. "
            "Iltimos, rezyumengizni koreys tilida olib keling.",
            days_before=10,
        ),
    ),
)

BUSAN_MOBILE = MeetupSeed(
    title="Busan Dev Meetup: Flutter va Kotlin Multiplatform",
    description=(
        "Our Busan chapter meets again, this time about cross-platform mobile apps. "
        "One team moved a logistics app from Flutter to Kotlin Multiplatform; another "
        "shares business logic between iOS and Android in a fintech app used by millions.\n\n"
        "Busandagi o‘zbek dasturchilar bilan tanishish uchun ajoyib imkoniyat. "
        "Tadbir oxirida Haeundae tomon birga sayr qilamiz."
    ),
    location="Busan Startup Hub, Busan",
    in_days=29,
    weekday=SAT,
    kst_start=dt.time(15, 0),
    minutes=150,
    max_seats=30,
    provided="Coffee, gimbap, Wi-Fi",
    parking=True,
    speakers=(
        SpeakerSeed(
            "Otabek Nazarov",
            "Senior Mobile Engineer",
            "Samsung SDS",
            "Builds the driver and warehouse apps of a logistics platform in Busan. "
            "Busan chapter lead of UzDev Korea.",
            "https://github.com/otabek-nazarov",
        ),
        SpeakerSeed(
            "Lee Da-eun",
            "iOS Developer",
            "Toss",
            "Works on the Toss payments SDK and speaks about Swift and KMP interop.",
        ),
    ),
    sessions=(
        SessionSeed("Flutter’dan Kotlin Multiplatform’ga: bir jamoaning tajribasi", 0, 15, 45),
        SessionSeed("Sharing business logic between iOS and Android without losing the native feel", 1, 75, 40),
    ),
    registrations=(
        RegistrationSeed(
            "bekzod", Reason.NETWORKING, Field.MOBILE,
            "Coming down from Incheon to meet the Busan chapter and talk CI for mobile.",
        ),
    ),
    crowd=27,  # 28 live registrations for 30 seats: nearly full
    notes=(
        NoteSeed(
            "Only a couple of seats left. If you can no longer come, please cancel "
            "your registration so someone else can join.",
            days_before=20,
        ),
        NoteSeed("Free parking in the building for the first two hours; show the reception desk your badge.", days_before=7),
    ),
)

KAIST_AI_DAY = MeetupSeed(
    title="KAIST x UzDev: AI & Data Research Day",
    description=(
        "A Saturday at KAIST for everyone curious about AI research in Korea. "
        "Uzbek graduate students present their work, and engineers from industry talk "
        "about taking models from a paper to a factory floor.\n\n"
        "Afternoon poster session: bring your own research, a side project or a thesis "
        "idea. Magistratura yoki PhD haqida o‘ylayotgan talabalar uchun professorlar "
        "bilan suhbat ham rejalashtirilgan."
    ),
    location="KAIST Munji Campus, Daejeon",
    in_days=54,
    weekday=SAT,
    kst_start=dt.time(13, 0),
    minutes=180,
    max_seats=120,
    provided="Lunch boxes, coffee, Wi-Fi, poster boards",
    parking=True,
    speakers=(
        SpeakerSeed(
            "Madina Abdullayeva",
            "M.S. Student, Graduate School of AI",
            "KAIST",
            "Builds speech and text datasets for Uzbek with volunteer contributors.",
            "https://github.com/madina-abdullayeva",
        ),
        SpeakerSeed(
            "Jung Hyun-woo",
            "Principal Engineer, Vision AI",
            "Samsung SDS",
            "Leads a team deploying defect-detection models in semiconductor and battery plants.",
        ),
        SpeakerSeed(
            "Sherzod Aminov",
            "Ph.D. Candidate",
            "KAIST",
            "Robototexnika va kompyuter ko‘rish bo‘yicha tadqiqotchi, UzDev Korea Daejeon bo‘limi rahbari.",
            "https://www.linkedin.com/in/sherzod-aminov-kaist",
        ),
    ),
    sessions=(
        SessionSeed("Building an Uzbek speech dataset with 400 volunteers", 0, 15, 35),
        SessionSeed("From paper to production: vision models on the factory floor", 1, 60, 40),
        SessionSeed("Poster session: Uzbek students’ research in Daejeon", 2, 110, 60),
    ),
    registrations=(
        RegistrationSeed(
            "shahzoda", Reason.LEARNING, Field.DATA,
            "Curious how research teams version datasets; I work with messy factory data in Suwon.",
        ),
    ),
    crowd=11,
    notes=(
        NoteSeed("Posters: A1 size, please bring them printed. Boards and pins are provided.", days_before=14),
    ),
)

# ---------------------------------------------------------------- past

SEOUL_TECH_NIGHT_12 = MeetupSeed(
    title="Seoul Tech Night #12: Kubernetes in Korean fintech",
    description=(
        "How do Korean fintech companies run Kubernetes when regulators want every change "
        "audited? Engineers from Toss and Coupang walked through deploy pipelines, "
        "cost savings and the outages that taught them the most.\n\n"
        "Kubernetes bilan endi tanishayotganlar uchun ham tushunarli bo‘ladi: "
        "har bir ma’ruzadan keyin savol-javob."
    ),
    location="D.CAMP, Gangnam-gu, Seoul",
    in_days=-20,
    weekday=THU,
    kst_start=dt.time(19, 0),
    minutes=150,
    max_seats=60,
    provided="Chicken, drinks, Wi-Fi",
    speakers=(
        SpeakerSeed(
            "Bekzod Xolmatov",
            "Platform Engineer",
            "Coupang",
            "Runs multi-cluster Kubernetes for internal services; Terraform and Argo CD fan.",
            "https://github.com/bekzod-xolmatov",
        ),
        SpeakerSeed(
            "Han Seung-woo",
            "Site Reliability Engineer",
            "Toss",
            "On call for the Toss payments core; writes about incident reviews in Korean and English.",
        ),
    ),
    sessions=(
        SessionSeed(
            "Zero-downtime deploys for a payments API on Kubernetes", 1, 15, 40,
            abstract=(
                "How the Toss payments core ships **forty deploys a day** without dropping a "
                "transaction: readiness gates, connection draining and database migrations "
                "that run in two phases.\n\n"
                "- blue-green versus canary for money-moving services\n"
                "- what the regulator's audit trail asks of a deploy pipeline\n"
                "- the *idempotency* keys that made retries safe"),
            level="intermediate", slides_pdf=True,
            recording_url="https://www.youtube.com/watch?v=X48VuDVv0do"),
        SessionSeed(
            "Kubernetes’da xarajatlarni kamaytirish: 6 oylik tajriba", 0, 70, 35,
            abstract=(
                "Coupang platform jamoasi olti oyda klaster xarajatlarini 38 foizga "
                "qisqartirdi: spot tugunlar, *autoscaler* sozlamalari va ishlatilmayotgan "
                "resurslarni topish. Ma’ruza o‘zbek tilida, slaydlar ingliz tilida."),
            language="uz", level="beginner",
            slides_url="https://github.com/bekzod-xolmatov/talks",
            recording_url="https://www.youtube.com/watch?v=PziYflu8cB8"),
        SessionSeed("Q&A: running regulated workloads on Kubernetes", 1, 110, 25,
                    abstract="Questions from the audience to both speakers."),
    ),
    registrations=(
        RegistrationSeed(
            "dilnoza", Reason.FIRST_TIME, Field.CLOUD,
            "My team is moving to Kubernetes next quarter and I want to understand the basics.",
            checked_in=True,
        ),
        RegistrationSeed(
            "jasur", Reason.ATTENDED_BEFORE, Field.BACKEND,
            "Interested in how Toss handles database migrations during deploys.",
            checked_in=True,
        ),
    ),
    crowd=26,
    no_shows=4,
    notes=(
        NoteSeed("Slides from both talks are in the Telegram group.", active=False, days_before=-1),
    ),
    reviews=(
        ReviewSeed(5, "The Toss deploy pipeline talk was the best talk I have seen at any meetup in Seoul.", username="jasur"),
        ReviewSeed(
            5,
            "Birinchi marta qatnashdim va juda yoqdi. Kubernetes haqida ko‘p narsani tushundim, "
            "odamlar ham samimiy.",
            username="dilnoza",
        ),
        ReviewSeed(4, "Great content; the room got a bit crowded near the end.", username="nilufar"),
        ReviewSeed(4, "Good questions from the audience. I will come again.", guest_name="Kim Tae-yang"),
    ),
)

FRONTEND_MEETUP = MeetupSeed(
    title="Frontend Meetup: React Server Components amalda",
    description=(
        "React Server Components, streaming and design systems: what actually changed for "
        "frontend teams in Korea, and what stayed the same.\n\n"
        "Nilufar LINE Plus’dagi migratsiya tajribasini, Kakao muhandisi esa Figma’dan "
        "kodga dizayn tokenlarini avtomatik o‘tkazishni ko‘rsatdi."
    ),
    location="Seoul Startup Hub, Mapo-gu, Seoul",
    in_days=-62,
    weekday=WED,
    kst_start=dt.time(19, 30),
    minutes=150,
    max_seats=50,
    provided="Pizza, soft drinks, Wi-Fi",
    speakers=(
        SpeakerSeed(
            "Nilufar Ismoilova",
            "Frontend Developer",
            "LINE Plus",
            "Frontend developer on LINE's messaging web client; React, TypeScript, accessibility.",
            "https://github.com/nilufar-ismoilova",
        ),
        SpeakerSeed(
            "Yoon Ha-eun",
            "Frontend Engineer",
            "Kakao",
            "Maintains a design system used by 40 product teams.",
        ),
    ),
    sessions=(
        SessionSeed(
            "React Server Components amalda: nimalar o‘zgardi", 0, 15, 40,
            abstract=(
                "LINE Plus veb-mijozini React Server Components’ga ko‘chirish: *streaming*, "
                "keshlash va bundle hajmi 40 foizga kamaygani haqida."),
            language="uz", level="intermediate", slides_pdf=True,
            recording_url="https://www.youtube.com/watch?v=TQQPAU21ZUw"),
        SessionSeed(
            "Design systems at scale: tokens, themes and Figma to code", 1, 65, 40,
            abstract=(
                "A design system used by forty product teams: design tokens exported from "
                "Figma, a **theme compiler** and visual regression tests that catch a "
                "changed shade of blue."),
            slides_url="https://speakerdeck.com/"),
    ),
    crowd=22,
    no_shows=3,
    notes=(
        NoteSeed("The venue moved to room 302 on the third floor.", active=False, days_before=1),
    ),
    reviews=(
        ReviewSeed(4, "Very practical. I used the token pipeline idea at work the next week.", username="madina"),
        ReviewSeed(5, "Ajoyib tadbir, ayniqsa savol-javob qismi foydali bo‘ldi.", username="otabek"),
        ReviewSeed(3, "A bit too fast for beginners; a short intro to RSC first would help.", username="shahzoda"),
    ),
)

INCHEON_NETWORKING = MeetupSeed(
    title="Incheon Meetup: Songdodagi dasturchilar bilan networking",
    description=(
        "Incheon va Songdoda yashovchi dasturchilar uchun birinchi uchrashuv. "
        "Bitta qisqa ma’ruza, keyin erkin suhbat va birga kechki ovqat.\n\n"
        "A relaxed evening for developers living in Incheon: one short talk on "
        "Terraform, then networking and Korean barbecue nearby."
    ),
    location="Incheon Startup Park, Yeonsu-gu, Incheon",
    in_days=-112,
    weekday=FRI,
    kst_start=dt.time(19, 0),
    minutes=150,
    max_seats=40,
    provided="Drinks and snacks; Korean BBQ dinner afterwards (pay your own)",
    parking=True,
    speakers=(
        SpeakerSeed(
            "Bekzod Xolmatov",
            "Platform Engineer",
            "Coupang",
            "Songdoda yashaydi; bulutli infratuzilma va avtomatlashtirish bo‘yicha mutaxassis.",
            "https://github.com/bekzod-xolmatov",
        ),
    ),
    sessions=(
        SessionSeed("Terraform bilan infratuzilma: birinchi qadamlar", 0, 20, 45),
    ),
    crowd=14,
    no_shows=2,
    reviews=(
        ReviewSeed(4, "Nice to finally meet people from Songdo. Please do this every quarter!", username="jasur"),
        ReviewSeed(5, "Small group, great conversations and the barbecue was excellent.", guest_name="Azizbek Rahmatov"),
    ),
)

CAREER_NIGHT = MeetupSeed(
    title="Career Night: Koreyada IT sohasida ishga joylashish (E-7, D-10 vizalari)",
    description=(
        "Everything about landing a developer job in Korea as a foreigner: what recruiters "
        "look for, how to move from a D-2 or D-10 visa to E-7, and what salaries to expect.\n\n"
        "Coupang rekruteri, Woowa Brothers va Kakao Pay muhandislari o‘z tajribalari bilan "
        "bo‘lishdi. Tadbir davomida rezyumelarni ko‘rib chiqish stoli ishladi."
    ),
    location="Google for Startups Campus, Gangnam-gu, Seoul",
    in_days=-172,
    weekday=TUE,
    kst_start=dt.time(19, 0),
    minutes=180,
    max_seats=100,
    provided="Sandwiches, coffee, Wi-Fi, CV review desk",
    speakers=(
        SpeakerSeed(
            "Lim So-young",
            "Talent Acquisition Lead",
            "Coupang",
            "Hires engineers for Coupang's Seoul and Songdo offices, including many international candidates.",
        ),
        SpeakerSeed(
            "Jasur Karimov",
            "Backend Engineer",
            "Woowa Brothers",
            "Came to Korea on a D-2 visa, switched to E-7 after his first job. Spring Boot and Kotlin.",
            "https://github.com/jasur-karimov",
        ),
        SpeakerSeed(
            "Sardor Tursunov",
            "Backend Team Lead",
            "Kakao Pay",
            "UzDev Korea asoschisi, Koreyada 9 yildan beri ishlaydi.",
            "https://www.linkedin.com/in/sardor-tursunov-dev",
        ),
    ),
    sessions=(
        SessionSeed("What recruiters at Korean tech companies look for in foreign candidates", 0, 15, 40),
        SessionSeed("E-7 vizasiga o‘tish: hujjatlar, muddatlar va ko‘p uchraydigan xatolar", 2, 60, 35),
        SessionSeed("My path from a D-2 student visa to a backend job", 1, 100, 30),
    ),
    crowd=20,
    no_shows=3,
    notes=(
        NoteSeed("CV review desk opens at 18:30, before the talks.", active=False, days_before=2),
    ),
    reviews=(
        ReviewSeed(5, "Finally clear answers about E-7 paperwork. Thank you, Sardor aka!", username="otabek"),
        ReviewSeed(4, "Rekruter bilan gaplashish imkoniyati juda foydali bo‘ldi.", username="madina"),
        ReviewSeed(5, "The CV review desk alone was worth coming for.", username="shahzoda"),
        ReviewSeed(4, "Well organised. More time for questions next time, please.", guest_name="Choi Ye-rin"),
    ),
)

DAEJEON_STUDENTS = MeetupSeed(
    title="Daejeon Students Meetup: talabalikdan birinchi ishgacha",
    description=(
        "Daejeondagi o‘zbek talabalar uchun uchrashuv: magistratura va PhD, laboratoriya "
        "tanlash, grantlar va birinchi ish joyiga tayyorgarlik.\n\n"
        "A Naver engineer explained how she prepared for the coding test, "
        "and a KAIST PhD candidate shared how to pick a lab and an advisor."
    ),
    location="Chungnam National University, Yuseong-gu, Daejeon",
    in_days=-250,
    weekday=SAT,
    kst_start=dt.time(14, 0),
    minutes=150,
    max_seats=45,
    provided="Coffee, pastries, Wi-Fi",
    parking=True,
    speakers=(
        SpeakerSeed(
            "Sherzod Aminov",
            "Ph.D. Candidate",
            "KAIST",
            "KAIST’da robototexnika bo‘yicha PhD, Global Korea Scholarship stipendiyasi sohibi.",
            "https://www.linkedin.com/in/sherzod-aminov-kaist",
        ),
        SpeakerSeed(
            "Kang Min-seo",
            "Software Engineer",
            "Naver",
            "Joined Naver Search after a master's at Chungnam National University.",
        ),
    ),
    sessions=(
        SessionSeed("Koreyada magistratura va PhD: grantlar va laboratoriya tanlash", 0, 15, 40),
        SessionSeed("How I prepared for Naver's coding test", 1, 65, 40),
    ),
    crowd=12,
    no_shows=2,
    reviews=(
        ReviewSeed(5, "Grantlar haqidagi ma’lumot aynan menga kerak edi. Rahmat!", username="madina"),
        ReviewSeed(4, "Helpful and honest talks, especially about lab culture.", guest_name="Diyorbek Sattorov"),
        ReviewSeed(4, "Good first event in Daejeon; the campus was easy to find.", username="bekzod"),
    ),
)

LAUNCH_MEETUP = MeetupSeed(
    title="UzDev Korea #1: Tanishuv va lightning talks",
    description=(
        "Hamjamiyatimizning birinchi rasmiy uchrashuvi. Kim qayerda ishlaydi, nimani "
        "o‘rganmoqda va birgalikda nima qura olamiz?\n\n"
        "The very first UzDev Korea meetup: eight five-minute lightning talks, "
        "plans for the first year and a big pot of plov."
    ),
    location="Hanyang University, Seongdong-gu, Seoul",
    in_days=-350,
    weekday=SAT,
    kst_start=dt.time(15, 0),
    minutes=150,
    max_seats=40,
    provided="Plov and green tea, Wi-Fi",
    speakers=(
        SpeakerSeed(
            "Sardor Tursunov",
            "Backend Team Lead",
            "Kakao Pay",
            "UzDev Korea asoschisi.",
            "https://www.linkedin.com/in/sardor-tursunov-dev",
        ),
        SpeakerSeed(
            "Gulnora Axmedova",
            "Product Manager",
            "Naver",
            "Product manager on Naver Papago; organises the community's Seoul events.",
            "https://www.linkedin.com/in/gulnora-axmedova",
        ),
    ),
    sessions=(
        SessionSeed("Why UzDev Korea? Plans for the first year", 0, 10, 20),
        SessionSeed("Lightning talks: eight speakers, five minutes each", 1, 40, 60),
    ),
    crowd=10,
    no_shows=1,
    notes=(
        NoteSeed("Osh will be served at 18:00, right after the talks.", active=False, days_before=1),
    ),
    reviews=(
        ReviewSeed(5, "Koreyada shuncha o‘zbek dasturchi borligini bilmagan ekanman. Zo‘r boshlanish!", username="jasur"),
        ReviewSeed(5, "Lightning talks were a great format. And the plov!", username="nilufar"),
        ReviewSeed(4, "Looking forward to the next one.", guest_name="Abror Yoqubov"),
    ),
)

MEETUPS = [
    SEOUL_TECH_NIGHT_13,
    KOREAN_INTERVIEW_WORKSHOP,
    BUSAN_MOBILE,
    KAIST_AI_DAY,
    SEOUL_TECH_NIGHT_12,
    FRONTEND_MEETUP,
    INCHEON_NETWORKING,
    CAREER_NIGHT,
    DAEJEON_STUDENTS,
    LAUNCH_MEETUP,
]
