"""Demo members: the two demo accounts, six named members and a crowd of attendees.

Every account is referred to by its username in the other content modules.
Named members write comments, reviews and job posts; the crowd fills meetup seats.
"""

from __future__ import annotations

DEMO_MEMBER_USERNAME = "dilnoza"
DEMO_ORGANIZER_USERNAME = "sardor"

# The two demo accounts; seed.py adds their emails and the shared demo password.
DEMO_MEMBER = {
    "username": DEMO_MEMBER_USERNAME,
    "first_name": "Dilnoza",
    "last_name": "Yusupova",
    "phone": "01045671238",
    "bio": (
        "Junior full-stack developer at a proptech startup in Seongsu-dong, Seoul. "
        "Came to Korea for a master's at Hanyang University and stayed. "
        "Writes React by day and learns Go by night; TOPIK 4, aiming for 5."
    ),
    "language": "en",
    "role": "member",
    "joined_days_ago": 330,
}

DEMO_ORGANIZER = {
    "username": DEMO_ORGANIZER_USERNAME,
    "first_name": "Sardor",
    "last_name": "Tursunov",
    "phone": "01098124467",
    "bio": (
        "UzDev Korea asoschilaridan biri. Pangyodagi fintech kompaniyada backend "
        "jamoasi rahbari (Kotlin, Spring, Kafka). Koreyada 9 yildan beri yashaydi "
        "va har oy Seulda uchrashuvlar tashkil qiladi."
    ),
    "language": "uz",
    "role": "organizer",
    "joined_days_ago": 730,
}

# Named members: they author comments, reviews, job posts and registrations.
MEMBERS = [
    {
        "username": "jasur",
        "first_name": "Jasur",
        "last_name": "Karimov",
        "phone": "01023417785",
        "bio": (
            "Backend engineer at Woowa Brothers (Baemin) in Songpa-gu, Seoul. "
            "Spring Boot, Kotlin and far too many Kafka topics. "
            "Maintainer of the UzDev Korea website."
        ),
        "language": "en",
        "joined_days_ago": 690,
    },
    {
        "username": "madina",
        "first_name": "Madina",
        "last_name": "Abdullayeva",
        "phone": "01036629041",
        "bio": (
            "KAIST’da sun’iy intellekt bo‘yicha magistrant (Daejeon). "
            "O‘zbek tili uchun NLP modellari va ochiq ma’lumotlar to‘plamlari "
            "ustida ishlaydi."
        ),
        "language": "uz",
        "joined_days_ago": 610,
    },
    {
        "username": "otabek",
        "first_name": "Otabek",
        "last_name": "Nazarov",
        "phone": "01057730912",
        "bio": (
            "Flutter and Kotlin developer on a logistics platform team in Busan. "
            "Runs the Busan chapter of UzDev Korea and the Saturday coding sessions "
            "at Busan Startup Hub."
        ),
        "language": "en",
        "joined_days_ago": 560,
    },
    {
        "username": "nilufar",
        "first_name": "Nilufar",
        "last_name": "Ismoilova",
        "phone": "01061184526",
        "bio": (
            "Frontend developer in Pangyo (React, TypeScript, Next.js). "
            "Loves design systems and accessibility; mentors students in the "
            "Ustoz-Shogird programme."
        ),
        "language": "en",
        "joined_days_ago": 520,
    },
    {
        "username": "bekzod",
        "first_name": "Bekzod",
        "last_name": "Xolmatov",
        "phone": "01072245803",
        "bio": (
            "Incheon Songdoda DevOps muhandisi: Kubernetes, Terraform, AWS Seoul "
            "regioni. Hamjamiyat saytining serverlari ham uning zimmasida."
        ),
        "language": "uz",
        "joined_days_ago": 480,
    },
    {
        "username": "shahzoda",
        "first_name": "Shahzoda",
        "last_name": "Qodirova",
        "phone": "01083306617",
        "bio": (
            "Data analyst at an electronics maker in Suwon (SQL, Python, Tableau). "
            "TOPIK 5, translates Korean tech articles into Uzbek for the community "
            "news feed."
        ),
        "language": "en",
        "joined_days_ago": 430,
    },
]

# The crowd: members who register for meetups. (first name, last name).
CROWD_NAMES = [
    ("Akmal", "Rashidov"),
    ("Aziza", "Sharipova"),
    ("Bobur", "Aliyev"),
    ("Barno", "Raximova"),
    ("Doniyor", "Ergashev"),
    ("Dildora", "Ahmedova"),
    ("Eldor", "Saidov"),
    ("Feruza", "Hasanova"),
    ("Farrux", "Mirzayev"),
    ("Gulnoza", "Murodova"),
    ("Islom", "Tojiyev"),
    ("Kamola", "To‘xtayeva"),
    ("Javohir", "Umarov"),
    ("Lola", "Ibragimova"),
    ("Kamron", "Sobirov"),
    ("Malika", "Zokirova"),
    ("Laziz", "Hamidov"),
    ("Nigora", "Xudoyberdiyeva"),
    ("Mirjalol", "Yo‘ldoshev"),
    ("Oydin", "Sultonova"),
    ("Nodir", "Rustamov"),
    ("Sevara", "Rahmonova"),
    ("Ravshan", "Po‘latov"),
    ("Umida", "Fayzullayeva"),
    ("Sanjar", "Qosimov"),
    ("Yulduz", "Baxtiyorova"),
    ("Temur", "Abdurahmonov"),
    ("Zarina", "Usmonova"),
    ("Ulug‘bek", "Norqulov"),
    ("Xurshid", "Jo‘rayev"),
]

# Bios handed out to the crowd in turn.
CROWD_BIOS = [
    "Backend developer (Java, Spring) at an e-commerce company in Seoul.",
    "Computer science student at Sejong University, Seoul.",
    "Inha universitetida dasturiy injiniring talabasi, Incheon.",
    "QA engineer working on a mobile banking app in Yeouido.",
    "Android developer in Pangyo; Kotlin and Jetpack Compose.",
    "Kyungpook milliy universitetida magistrant, Daegu.",
    "Data engineer building pipelines with Airflow and Spark in Seoul.",
    "Embedded software engineer at an automotive supplier in Ulsan.",
    "Frontend developer (Vue, Nuxt) at a travel startup in Gangnam.",
    "Chonnam milliy universitetida sun’iy intellekt bo‘yicha tadqiqotchi, Gwangju.",
]
