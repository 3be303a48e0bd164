"""Demo news items and the comment threads under a few of them.

``age`` is how long before "now" an item was posted (keyword arguments of
``datetime.timedelta``). Items with an empty ``tags`` list make the site show its
fallback tags. The organizer account is the author of every item.
"""

from __future__ import annotations

NEWS = [
    # ------------------------------------------------------------ MEETUP
    {
        "key": "tech-night-13-open",
        "type": "MEETUP",
        "age": {"minutes": 35},
        "tags": ["ai", "backend", "machine-learning"],
        "title": "Seoul Tech Night #13: speakers and programme announced",
        "content": (
            "Seoul Tech Night is back at Google for Startups Campus in Gangnam. This time "
            "the topic is large language models in production: not demos, but features that "
            "real customers use every day.\n\n"
            "Kim Ji-hoon from Naver Cloud will talk about retrieval-augmented generation over "
            "Korean documents, and Rustam Aliqulov from Kakao will show how his team keeps an "
            "LLM support assistant accurate and affordable. A short panel closes the evening.\n\n"
            "Seats are limited to 80. Register on the Events page, "
            "and if your plans change, please cancel so someone on the waiting list can come."
        ),
    },
    {
        "key": "busan-mobile-announce",
        "type": "MEETUP",
        "age": {"days": 9, "hours": 4},
        "tags": ["mobile"],
        "title": "Busanda yangi uchrashuv: Flutter va Kotlin Multiplatform",
        "content": (
            "Busan bo‘limimiz yana yig‘ilmoqda! Bu safar mavzu — kross-platforma mobil "
            "ilovalar. Otabek Nazarov logistika ilovasini Flutter’dan Kotlin Multiplatform’ga "
            "ko‘chirish tajribasi bilan bo‘lishadi, Toss’dan Lee Da-eun esa iOS va Android "
            "o‘rtasida biznes-mantiqni qanday ulashish haqida gapiradi.\n\n"
            "Uchrashuv shanba kuni Busan Startup Hub’da bo‘lib o‘tadi. Binoda avtoturargoh bor, "
            "qahva va kimbap tashkilotchilardan.\n\n"
            "Joylar atigi 30 ta va ularning deyarli hammasi band. Ro‘yxatdan o‘tishga shoshiling!"
        ),
    },
    {
        "key": "recap-tech-night-12",
        "type": "MEETUP",
        "age": {"days": 12, "hours": 2},
        "tags": ["devops", "cloud", "backend"],
        "title": "Recap: Seoul Tech Night #12 — Kubernetes in Korean fintech",
        "content": (
            "Thank you to everyone who came to D.CAMP for Tech Night #12. Han Seung-woo from Toss "
            "opened with the deploy pipeline behind the Toss payments API: every change goes "
            "through canary analysis, and a rollback takes under a minute.\n\n"
            "Bekzod Xolmatov followed with six months of cost work on Coupang's internal "
            "clusters. Right-sizing requests and moving batch jobs to spot nodes cut the bill "
            "by about a third, with no change to reliability.\n\n"
            "Slides from both talks are in our Telegram group. Next up: Seoul Tech Night #13 "
            "on LLM features in production."
        ),
    },
    {
        "key": "recap-career-night",
        "type": "MEETUP",
        "age": {"days": 160},
        "tags": ["programming", "development"],
        "title": "Recap: Career Night — visas, CVs and what recruiters really look for",
        "content": (
            "Thank you to everyone who came to Career Night at Google for Startups Campus. "
            "Lim So-young from Coupang explained how her team screens international "
            "candidates: a clear one-page CV, a GitHub profile with real projects and "
            "honest Korean level beat a long list of certificates.\n\n"
            "Jasur Karimov told the story of his move from a D-2 student visa to an E-7 "
            "work visa, and Sardor Tursunov answered visa questions for almost an hour.\n\n"
            "Volunteers at the CV review desk read every CV brought to them. If you missed it, the "
            "UzDev Referrals project still reviews CVs every week."
        ),
    },
    {
        "key": "recap-daejeon-students",
        "type": "MEETUP",
        "age": {"days": 240},
        "tags": ["programming"],
        "title": "Daejeondagi talabalar uchrashuvi: asosiy xulosalar",
        "content": (
            "Chungnam milliy universitetida o‘tgan uchrashuvimizga KAIST, CNU va UST’dan "
            "talabalar keldi. Savollar shunchalik ko‘p bo‘ldiki, savol-javobga vaqt yetmay qoldi.\n\n"
            "Sherzod Aminov laboratoriya va ilmiy rahbar tanlash, Global Korea Scholarship "
            "va laboratoriya grantlari haqida gapirdi. Naver’dan Kang Min-seo esa kodlash "
            "testiga qanday tayyorlanganini ko‘rsatdi: har kuni ikki masala va haftada bir "
            "marta mock intervyu.\n\n"
            "Keyingi Daejeon uchrashuvi KAIST’da, sun’iy intellekt va ma’lumotlar mavzusida "
            "bo‘ladi."
        ),
    },
    # ------------------------------------------------------------ TECH
    {
        "key": "korean-nlp",
        "type": "TECH",
        "age": {"days": 12, "hours": 20},
        "tags": ["python", "ai", "machine-learning", "data"],
        "title": "Korean NLP for beginners: comparing tokenizers in Python",
        "content": (
            "Korean is agglutinative, so splitting text on spaces gives you poor tokens. "
            "We compared three popular options on 10,000 customer reviews: KoNLPy with the "
            "Okt tagger, Mecab-ko and Kiwi.\n\n"
            "Mecab-ko was the fastest by far, Kiwi handled typos and slang best, and Okt was "
            "the easiest to install on Windows. For search and classification, Kiwi plus a "
            "small custom dictionary of product names gave the best results.\n\n"
            "If you train your own models, a SentencePiece tokenizer learned from your corpus "
            "is often simpler still. The notebook with all benchmarks is in the Lug‘at "
            "repository on GitHub."
        ),
    },
    {
        "key": "community-site-python",
        "type": "TECH",
        "age": {"days": 24},
        "tags": [],
        "title": "Why our community website now runs on Python",
        "content": (
            "The old UzDev Korea site was a React app talking to a separate API, and only two "
            "volunteers could change it. We rebuilt it as a single Python project so that "
            "anyone who knows Python can fix a typo or add a page.\n\n"
            "The site stores everything in one database, works in English and Uzbek, and runs "
            "on a small server. Sign-in uses one-time codes sent by email, so we never see "
            "your password in plain text.\n\n"
            "Want to help? Look for issues labelled good-first-issue in our GitHub "
            "organisation, or come to a Saturday coding session."
        ),
    },
    {
        "key": "typescript-strict",
        "type": "TECH",
        "age": {"days": 41},
        "tags": ["typescript", "react", "frontend", "javascript"],
        "title": "Turning on TypeScript strict mode in a legacy React codebase",
        "content": (
            "Nilufar's team switched on strict mode in a 200,000-line React codebase without "
            "stopping feature work. The trick was to do it one folder at a time.\n\n"
            "They added a second tsconfig with strict enabled for a list of migrated folders, "
            "ran both in CI and grew the list every sprint. Most errors were missing null checks "
            "around API responses, which were real bugs waiting to happen.\n\n"
            "After four months the whole codebase was strict, and runtime errors reported from "
            "production dropped by 40 percent."
        ),
    },
    {
        "key": "uzbek-open-models",
        "type": "TECH",
        "age": {"days": 75},
        "tags": ["ai", "machine-learning", "data"],
        "title": "Sun’iy intellekt va o‘zbek tili: ochiq modellar qayerda turibdi?",
        "content": (
            "Katta til modellari o‘zbek tilini tobora yaxshiroq tushunmoqda, ammo lotin va "
            "kirill yozuvlari aralashgan matnlarda hali ham ko‘p xato qiladi.\n\n"
            "Madina Abdullayeva KAIST’dagi tadqiqotida uchta ochiq modelni o‘zbekcha savol-javob "
            "to‘plamida sinab ko‘rdi. Eng yaxshi natijani o‘zbekcha matnlarda qo‘shimcha "
            "o‘qitilgan kichik model ko‘rsatdi: katta modellardan tezroq va arzonroq.\n\n"
            "Xulosa: yaxshi ma’lumotlar to‘plami model hajmidan muhimroq. Lug‘at loyihasiga "
            "misol gaplar qo‘shib, siz ham yordam berishingiz mumkin."
        ),
    },
    {
        "key": "korean-cloud-regions",
        "type": "TECH",
        "age": {"days": 104},
        "tags": ["cloud", "devops", "backend"],
        "title": "AWS Seoul, Naver Cloud or NHN Cloud? Choosing a cloud for a Korean startup",
        "content": (
            "Many Korean customers, especially in finance and the public sector, ask where "
            "their data lives. All three providers have data centres in Korea, but they differ "
            "in certification, price and tooling.\n\n"
            "AWS Seoul has the richest services and documentation. Naver Cloud Platform and "
            "NHN Cloud hold the certifications public-sector customers require and are often "
            "cheaper for plain virtual machines and object storage.\n\n"
            "Our advice: keep infrastructure in Terraform from day one, so that moving a "
            "workload later is a project, not a rewrite."
        ),
    },
    {
        "key": "postgres-indexes",
        "type": "TECH",
        "age": {"days": 150},
        "tags": ["database", "backend"],
        "title": "PostgreSQL’da indekslar: sekin so‘rovlarni tezlashtirishning 5 usuli",
        "content": (
            "So‘rov sekin ishlayaptimi? Avval EXPLAIN ANALYZE bilan rejani ko‘ring: "
            "ko‘pincha muammo jadvalni to‘liq o‘qishda (Seq Scan) bo‘ladi.\n\n"
            "Beshta usul: ko‘p ustunli indeksda ustunlar tartibiga e’tibor bering; faqat "
            "kerakli qatorlar uchun qisman (partial) indeks yarating; INCLUDE bilan "
            "covering indeks qiling; LIKE 'abc%' uchun text_pattern_ops ishlating; "
            "keraksiz indekslarni o‘chiring, chunki ular yozishni sekinlashtiradi.\n\n"
            "Misollar Seoul Tech Night #10 ma’ruzasidan olingan."
        ),
    },
    # ------------------------------------------------------------ SOCIAL
    {
        "key": "mentorship-cohort",
        "type": "SOCIAL",
        "age": {"days": 3, "hours": 6},
        "tags": ["programming", "development"],
        "title": "Ustoz-Shogird mentorship: applications open for the new cohort",
        "content": (
            "Our 12-week mentorship programme pairs Uzbek students at Korean universities with "
            "engineers working at Korean tech companies. This cohort has 24 mentors from "
            "Naver, Kakao, Coupang, LINE Plus, Toss and a dozen startups.\n\n"
            "Mentees meet their mentor every two weeks, build one small project with code "
            "review and get help with internship applications. Sessions are in Uzbek, "
            "English or Korean.\n\n"
            "Applications close in two weeks. Students of any year are welcome; you only need "
            "to know the basics of one programming language."
        ),
    },
    {
        "key": "e7-visa-faq",
        "type": "SOCIAL",
        "age": {"days": 55},
        "tags": [],
        "title": "Koreyada birinchi ish: E-7 vizasi haqida ko‘p so‘raladigan savollar",
        "content": (
            "Telegram guruhimizda eng ko‘p beriladigan savol: talabalik vizasidan ish vizasiga "
            "qanday o‘tiladi? Biz a’zolarimiz tajribasidan qisqa javoblar to‘pladik.\n\n"
            "Avvalo ish beruvchi siz bilan shartnoma tuzishi va hujjatlarni tayyorlashi kerak. "
            "Koreyadagi universitetni tamomlagan bo‘lsangiz, jarayon odatda osonroq kechadi. "
            "Ish qidirish davrida D-10 vizasidan foydalanish mumkin.\n\n"
            "Har bir holat alohida, shuning uchun aniq talablarni Hi Korea saytida yoki "
            "immigratsiya idorasida tekshiring. Savollaringizni izohlarda qoldiring."
        ),
    },
    {
        "key": "podcast-episode-10",
        "type": "SOCIAL",
        "age": {"days": 90},
        "tags": ["fullstack", "web"],
        "title": "Kod va Kimchi, episode 10: from Samarkand to Pangyo",
        "content": (
            "In the tenth episode of our podcast, Sardor Tursunov talks about arriving in "
            "Korea with two suitcases and no Korean, his first job at a small agency and how "
            "he became a backend team lead in Pangyo.\n\n"
            "He also shares the mistakes he would avoid: waiting too long to learn Korean, "
            "undervaluing side projects and never asking for a referral.\n\n"
            "The episode is in Uzbek, about 55 minutes long, on every major podcast app."
        ),
    },
    {
        "key": "dictionary-1000-terms",
        "type": "SOCIAL",
        "age": {"days": 130},
        "tags": ["data", "web"],
        "title": "Lug‘at loyihasi: 1000 ta IT atamasi o‘zbek tiliga tarjima qilindi",
        "content": (
            "Ko‘ngillilarimiz uch oy ichida 1000 ta IT atamasini o‘zbek va koreys tillariga "
            "tarjima qildi. Har bir atamada izoh va misol gap bor.\n\n"
            "Eng ko‘p bahs “deploy” va “pull request” so‘zlari atrofida bo‘ldi. Oxir-oqibat "
            "ba’zi atamalarni inglizcha qoldirishga qaror qildik, chunki dasturchilar ularni "
            "kundalik nutqda shunday ishlatadi.\n\n"
            "Yordam bermoqchimisiz? GitHub’dagi loyihamizda yangi atama taklif qiling yoki "
            "mavjud tarjimalarni tekshiring."
        ),
    },
    {
        "key": "community-survey",
        "type": "SOCIAL",
        "age": {"days": 205},
        "tags": ["data", "development"],
        "title": "Community survey: where Uzbek developers in Korea work and what they earn",
        "content": (
            "Almost 200 people from our Telegram group answered our first community survey. Sixty percent work in "
            "Seoul or Pangyo, and the rest are spread between Busan, Daejeon, Incheon and Suwon.\n\n"
            "Backend development is the most common role, followed by mobile and data. The "
            "median salary for developers with three to five years of experience was about "
            "58 million won a year, and most respondents hold an E-7 visa.\n\n"
            "The biggest wish for the community: more help with Korean-language interviews. "
            "We heard you, and a workshop is on its way."
        ),
    },
]

# Not published: only organizers see it.
DRAFT_NEWS = {
    "key": "hiring-list-draft",
    "type": "SOCIAL",
    "age": {"days": 1, "hours": 3},
    "tags": ["programming"],
    "title": "Draft: Korean tech companies that hired foreign developers this year",
    "content": (
        "A list collected from member reports; still checking a few entries before publishing.\n\n"
        "Please send corrections to the organizers before Friday."
    ),
    "published": False,
}

# Comment threads. ``parent`` names another comment of the same item; ``after_hours``
# is how long after the news item the comment was written; ``votes`` maps usernames
# to +1 (like) or -1 (dislike).
COMMENTS = [
    {
        "key": "nlp-1",
        "news": "korean-nlp",
        "username": "madina",
        "after_hours": 5,
        "text": (
            "Great overview. For Uzbek–Korean pairs we had better luck with a SentencePiece "
            "model trained on our own corpus than with Mecab."
        ),
        "votes": {"jasur": 1, "nilufar": 1, "shahzoda": 1},
    },
    {
        "key": "nlp-2",
        "news": "korean-nlp",
        "username": "jasur",
        "parent": "nlp-1",
        "after_hours": 9,
        "text": "How big was your corpus? We only have about two million sentences of delivery chat logs.",
        "votes": {"madina": 1},
    },
    {
        "key": "nlp-3",
        "news": "korean-nlp",
        "username": "madina",
        "parent": "nlp-2",
        "after_hours": 11,
        "text": "Taxminan 5 million gap. Lug‘at loyihasidagi misol gaplarni ham qo‘shgan edik.",
        "votes": {"jasur": 1},
    },
    {
        "key": "nlp-4",
        "news": "korean-nlp",
        "username": "dilnoza",
        "after_hours": 30,
        "text": "Kiwi haqida birinchi marta eshitishim. Rahmat, ertaga ishda sinab ko‘raman!",
        "votes": {"otabek": 1},
    },
    {
        "key": "visa-1",
        "news": "e7-visa-faq",
        "username": "otabek",
        "after_hours": 3,
        "text": (
            "One more tip: keep copies of every employment contract and pay slip. "
            "Immigration asked me for them when I extended my visa."
        ),
        "votes": {"bekzod": 1, "dilnoza": 1, "shahzoda": 1},
    },
    {
        "key": "visa-2",
        "news": "e7-visa-faq",
        "username": "bekzod",
        "after_hours": 6,
        "text": "Honestly, agencies that promise an E-7 in two weeks are worth the money.",
        "votes": {"jasur": -1, "otabek": -1, "nilufar": 1},
    },
    {
        "key": "visa-3",
        "news": "e7-visa-faq",
        "username": "sardor",
        "parent": "visa-2",
        "after_hours": 8,
        "text": (
            "Ehtiyot bo‘ling: rasmiy jarayon hamma uchun bir xil, agentliklar faqat hujjat "
            "yig‘ishda yordam beradi. Ko‘p pul so‘raganlardan uzoqroq yuring."
        ),
        "votes": {"otabek": 1, "jasur": 1, "bekzod": 1},
    },
    {
        "key": "visa-4",
        "news": "e7-visa-faq",
        "username": "shahzoda",
        "after_hours": 26,
        "text": "D-10 dan E-7 ga o‘tishda TOPIK sertifikati yordam beradimi?",
    },
    {
        "key": "visa-5",
        "news": "e7-visa-faq",
        "username": "nilufar",
        "parent": "visa-4",
        "after_hours": 29,
        "text": (
            "Menga yordam bergan: TOPIK 4 sertifikati intervyuda ham, hujjatlarda ham plyus "
            "bo‘ldi. Lekin aniq talablarni Hi Korea saytida tekshiring."
        ),
        "votes": {"shahzoda": 1},
    },
    {
        "key": "recap-1",
        "news": "recap-tech-night-12",
        "username": "dilnoza",
        "after_hours": 2,
        "text": "Thanks for the recap! Will the recording of the Toss talk be published?",
    },
    {
        "key": "recap-2",
        "news": "recap-tech-night-12",
        "username": "sardor",
        "parent": "recap-1",
        "after_hours": 4,
        "text": "Toss asked us not to record it, but the slides are in the Telegram group.",
        "votes": {"dilnoza": 1},
    },
    {
        "key": "recap-3",
        "news": "recap-tech-night-12",
        "username": "jasur",
        "after_hours": 7,
        "text": "See you all at #13. Bring questions about evals!",
        "votes": {"nilufar": 1, "dilnoza": 1},
    },
]
