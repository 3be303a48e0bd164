"""Demo speaker applications and the demo member's blog posts.

``age`` is how long ago a row was created (keyword arguments of ``datetime.timedelta``).
"""

from __future__ import annotations

SPEAKER_APPLICATIONS = [
    {
        "email": "azamat.yusupov@example.com",
        "full_name": "Azamat Yusupov",
        "job_position": "Senior Android Engineer at a mobility startup in Seoul",
        "phone": "01029384756",
        "years_of_experience": "5-10",
        "expertise_field": "mobile",
        "topics": (
            "Offline-first Android apps with Room and WorkManager: how our driver app keeps "
            "working in underground car parks. Also happy to run a Jetpack Compose workshop."
        ),
        "linkedin_url": "https://www.linkedin.com/in/azamat-yusupov-android",
        "github_url": "https://github.com/azamat-yusupov",
        "portfolio_url": "https://azamat.dev",
        "language": "en",
        "status": "NEW",
        "status_note": "",
        "age": {"days": 2, "hours": 3},
    },
    {
        "email": "mohira.tillayeva@example.com",
        "full_name": "Mohira Tillayeva",
        "job_position": "Ma’lumotlar muhandisi, Suwon",
        "phone": "01047561823",
        "years_of_experience": "3-5",
        "expertise_field": "data",
        "topics": (
            "dbt va Airflow bilan ma’lumotlar omborini tartibga solish: kichik jamoa uchun "
            "amaliy tajriba. Ma’ruzani o‘zbek tilida qilmoqchiman."
        ),
        "linkedin_url": "https://www.linkedin.com/in/mohira-tillayeva",
        "github_url": "https://github.com/mohira-tillayeva",
        "portfolio_url": "https://mohira-data.github.io",
        "language": "uz",
        "status": "IN_REVIEW",
        "status_note": "Fits the KAIST AI & Data Research Day; asked for a draft outline.",
        "age": {"days": 11},
    },
    {
        "email": "timur.saidaliyev@example.com",
        "full_name": "Timur Saidaliyev",
        "job_position": "Security Engineer at a game company in Pangyo",
        "phone": "01065472938",
        "years_of_experience": "10+",
        "expertise_field": "security",
        "topics": (
            "Anti-cheat systems for online games: detecting memory tampering and bots at "
            "scale, and what web developers can learn from it."
        ),
        "linkedin_url": "https://www.linkedin.com/in/timur-saidaliyev",
        "github_url": "https://github.com/timur-saidaliyev",
        "portfolio_url": "https://timursec.blog",
        "language": "en",
        "status": "ACCEPTED",
        "status_note": "Scheduled for Seoul Tech Night #14.",
        "age": {"days": 34},
    },
]

# Both written by the demo member.
BLOG_POSTS = [
    {
        "title": "Koreyadagi birinchi yilim: junior dasturchi sifatida nimalarni o‘rgandim",
        "content": (
            "Bir yil oldin Hanyang universitetini tamomlab, Seongsu’dagi kichik proptech "
            "startapga junior full-stack dasturchi bo‘lib ishga kirdim. Mana eng muhim "
            "saboqlarim.\n\n"
            "Birinchidan, koreys tili kod kabi muhim. Kod review’larning yarmi koreys tilida, "
            "va har kuni 20 ta yangi so‘z yozib borish menga juda yordam berdi.\n\n"
            "Ikkinchidan, savol berishdan qo‘rqmang. Jamoadoshlarim “모르면 물어보세요” "
            "(bilmasangiz, so‘rang) deyishadi va bunga chin dildan amal qilishadi.\n\n"
            "Uchinchidan, hamjamiyat kerak. UzDev Korea Telegram guruhida topgan do‘stlarim "
            "menga birinchi ishimni topishda ham, viza hujjatlarida ham yordam berishdi."
        ),
        "status": "PUBLISHED",
        "age": {"days": 21},
        "published_age": {"days": 20, "hours": 18},
    },
    {
        "title": "How I switched from D-2 to E-7 without leaving my job search to luck",
        "content": (
            "## The short version\n\n"
            "**Start six months before graduation.** The E-7 needs an employer who sponsors "
            "you, a degree that matches the job and a salary above the yearly minimum.\n\n"
            "### What I prepared\n\n"
            "- a CV in Korean *and* English, one page each;\n"
            "- my TOPIK 4 certificate (not required, but every interviewer asked);\n"
            "- a short list of companies that had sponsored before "
            "(see the [jobs board](/jobs) filter).\n\n"
            "> Ask HR in the first interview whether they have sponsored an E-7 before.\n\n"
            "The immigration office took 23 days. Questions welcome in the comments!"
        ),
        "status": "PUBLISHED",
        "age": {"days": 9},
        "published_age": {"days": 8},
    },
    {
        "title": "Notes from Seoul Tech Night: Kubernetes for a team of five",
        "content": (
            "Draft. Key takeaways from the Toss and Coupang talks, and what a five-person "
            "team like ours should copy first.\n\n"
            "1. Canary deploys are cheaper than I thought.\n"
            "2. Requests and limits: measure before guessing.\n\n"
            "TODO: add diagrams and ask Bekzod to review."
        ),
        "status": "DRAFT",
        "age": {"days": 12},
    },
]
