"""Demo job posts.

Every key but ``age`` and ``posted_by`` is a JobPost field. ``age`` is how long ago the
post was created (keyword arguments of ``datetime.timedelta``); ``posted_by`` is a
username. Companies are invented. Salaries are KRW per year. Visa statuses follow what
such employers can hire in practice: E-7 with sponsorship for professional posts, D-2
(with the school's and immigration's permission) and D-10 for internships and part-time
work, F-2/F-4/F-5/F-6 where any employer may hire, H-1 for short part-time work.
"""

from __future__ import annotations

JOBS = [
    # ---------------------------------------------------------------- OPEN
    {
        "title": "Backend Engineer (Kotlin, Spring Boot)",
        "company_name": "Hanriver Logistics",
        "company_description": (
            "Hanriver Logistics runs same-day delivery for 3,000 online shops in the Seoul "
            "metropolitan area. 140 employees, 35 of them engineers, Series C."
        ),
        "location": "Seoul",
        "remote": False,
        "visas": ["E-7", "F-2", "F-4", "F-5", "F-6"],
        "visa_sponsorship": True,
        "korean_level": "TOPIK_3",
        "working_languages": ["en", "ko"],
        "job_type": "FULL_TIME",
        "category": "BACKEND",
        "description": (
            "Join the dispatch team that decides which rider takes which parcel, 400,000 times "
            "a day. You will design APIs, tune PostgreSQL queries and own services end to end.\n\n"
            "The team works in English and Korean; documentation is in English."
        ),
        "requirements": (
            "- 3+ years of backend development with Kotlin or Java\n"
            "- Spring Boot, JPA and PostgreSQL or MySQL in production\n"
            "- Experience with Kafka or another message broker\n"
            "- Korean at TOPIK 3 or higher is a plus, not a must"
        ),
        "experience": "3+ years",
        "technologies": ["Kotlin", "Spring Boot", "PostgreSQL", "Kafka", "Kubernetes"],
        "benefits": (
            "Stock options, flexible hours (core time 11:00–16:00), lunch allowance, "
            "E-7 visa sponsorship, 2,000,000 KRW yearly education budget."
        ),
        "keywords": ["kotlin", "spring", "backend", "logistics", "visa sponsorship"],
        "salary_min": 55_000_000,
        "salary_max": 80_000_000,
        "contact_phone": "02-6952-3108",
        "contact_email": "recruit@hanriverlogistics.co.kr",
        "contact_website": "https://hanriverlogistics.co.kr/careers",
        "status": "OPEN",
        "posted_by": "sardor",
        "age": {"days": 1, "hours": 2},
    },
    {
        "title": "Frontend Developer (React, TypeScript)",
        "company_name": "Mirae Commerce",
        "company_description": (
            "Mirae Commerce builds a cross-border marketplace that sells Korean cosmetics to "
            "customers in Central Asia and the Middle East."
        ),
        "location": "Seoul",
        "remote": False,
        "visas": ["E-7", "F-2", "F-4", "F-5", "F-6"],
        "visa_sponsorship": True,
        "korean_level": "TOPIK_4",
        "working_languages": ["ko", "en"],
        "job_type": "FULL_TIME",
        "category": "FRONTEND",
        "description": (
            "Build the storefront and seller dashboard in Next.js. You will work closely with "
            "designers on a shared component library and care about Core Web Vitals.\n\n"
            "Russian or Uzbek is a real advantage: you will help localise the shop."
        ),
        "requirements": (
            "- 2+ years with React and TypeScript\n"
            "- Next.js, server-side rendering and performance tuning\n"
            "- Testing with Jest or Vitest and Playwright\n"
            "- Good written English"
        ),
        "experience": "2+ years",
        "technologies": ["React", "TypeScript", "Next.js", "Tailwind CSS", "Playwright"],
        "benefits": "Remote Fridays, MacBook Pro, 15 days of paid leave from the first year, team dinners.",
        "keywords": ["react", "typescript", "nextjs", "e-commerce", "frontend"],
        "salary_min": 48_000_000,
        "salary_max": 68_000_000,
        "contact_email": "jobs@miraecommerce.kr",
        "contact_website": "https://miraecommerce.kr/careers",
        "status": "OPEN",
        "posted_by": "nilufar",
        "age": {"days": 2, "hours": 5},
    },
    {
        "title": "Flutter Developer",
        "company_name": "Haeundae Mobility",
        "company_description": (
            "A Busan startup building a ride and bike-sharing app for tourists and "
            "residents of Haeundae and Gwangalli."
        ),
        "location": "Busan",
        "remote": False,
        "visas": ["E-7", "F-2", "F-5", "F-6"],
        "visa_sponsorship": True,
        "korean_level": "TOPIK_2",
        "working_languages": ["ko", "en"],
        "job_type": "FULL_TIME",
        "category": "MOBILE",
        "description": (
            "Own the rider app on iOS and Android, from map screens to payments. You will be one "
            "of three mobile developers and ship every two weeks.\n\n"
            "We speak Korean in the office; English is fine for code review."
        ),
        "requirements": (
            "- 2+ years of Flutter and Dart\n"
            "- State management with Riverpod or Bloc\n"
            "- Experience with maps and location services\n"
            "- Daily conversation in Korean"
        ),
        "experience": "2+ years",
        "technologies": ["Flutter", "Dart", "Riverpod", "Firebase", "Naver Maps SDK"],
        "benefits": "Housing support for relocation to Busan, free rides, stock options.",
        "keywords": ["flutter", "mobile", "busan", "maps"],
        "salary_min": 42_000_000,
        "salary_max": 60_000_000,
        "contact_phone": "051-744-2093",
        "contact_email": "hello@haeundaemobility.kr",
        "status": "OPEN",
        "posted_by": "otabek",
        "age": {"days": 3, "hours": 1},
    },
    {
        "title": "DevOps Engineer (6-month contract)",
        "company_name": "Songdo Bio Digital",
        "company_description": (
            "The software arm of a biotech manufacturer in Songdo, building systems for "
            "laboratory data and production quality."
        ),
        "location": "Incheon",
        "remote": False,
        "visas": ["F-2", "F-4", "F-5", "F-6"],
        "visa_sponsorship": False,
        "korean_level": "NONE",
        "working_languages": ["en"],
        "job_type": "CONTRACT",
        "category": "DEVOPS",
        "description": (
            "Help us move 30 services from virtual machines to Kubernetes on AWS. You will "
            "write Terraform, set up Argo CD and teach the team how to run it.\n\n"
            "Contract for six months with a possible extension."
        ),
        "requirements": (
            "- 4+ years in DevOps or platform engineering\n"
            "- Kubernetes (EKS), Terraform and Helm\n"
            "- CI/CD with GitHub Actions or GitLab CI\n"
            "- Experience in a regulated industry is a plus"
        ),
        "experience": "4+ years",
        "technologies": ["AWS", "Kubernetes", "Terraform", "Argo CD", "GitHub Actions"],
        "benefits": "Competitive daily rate, shuttle bus from Incheon subway, on-site gym.",
        "keywords": ["devops", "kubernetes", "terraform", "aws", "contract"],
        "salary_min": 60_000_000,
        "salary_max": 75_000_000,
        "contact_email": "it-recruit@songdobiodigital.co.kr",
        "status": "OPEN",
        "posted_by": "bekzod",
        "age": {"days": 4, "hours": 7},
    },
    {
        "title": "Java Backend Developer — Smart Factory",
        "company_name": "Dalgubeol Smart Factory Solutions",
        "company_description": (
            "We connect machines in automotive parts factories across Daegu and "
            "Gyeongbuk to a cloud dashboard for production monitoring."
        ),
        "location": "Daegu",
        "remote": False,
        "visas": ["E-7", "F-2", "F-5", "F-6"],
        "visa_sponsorship": True,
        "korean_level": "TOPIK_4",
        "working_languages": ["ko"],
        "job_type": "FULL_TIME",
        "category": "BACKEND",
        "description": (
            "Develop the services that collect sensor data from factory machines and turn it "
            "into alerts and reports for plant managers.\n\n"
            "Occasional visits to customer factories in Daegu and Gumi."
        ),
        "requirements": (
            "- 2+ years of Java and Spring\n"
            "- SQL and time-series data (TimescaleDB or InfluxDB)\n"
            "- MQTT or OPC UA experience is a plus\n"
            "- Korean at TOPIK 4 or higher"
        ),
        "experience": "2+ years",
        "technologies": ["Java", "Spring Boot", "TimescaleDB", "MQTT", "Docker"],
        "benefits": "Company dormitory for the first year, commuting allowance, E-7 visa support.",
        "keywords": ["java", "iot", "manufacturing", "daegu"],
        "salary_min": 40_000_000,
        "salary_max": 55_000_000,
        "contact_phone": "053-382-7710",
        "contact_email": "recruit@dalgubeol-sfs.co.kr",
        "contact_website": "https://dalgubeol-sfs.co.kr",
        "status": "OPEN",
        "posted_by": "sardor",
        "age": {"days": 5, "hours": 3},
    },
    {
        "title": "AI Research Intern (Computer Vision)",
        "company_name": "Daedeok Vision Lab",
        "company_description": (
            "A research spin-off from Daedeok Innopolis building inspection models for "
            "battery and semiconductor production lines."
        ),
        "location": "Daejeon",
        "remote": False,
        "visas": ["D-2", "D-10", "F-2", "F-5", "F-6"],
        "visa_sponsorship": False,
        "korean_level": "NONE",
        "working_languages": ["en"],
        "job_type": "INTERNSHIP",
        "category": "AI",
        "description": (
            "A six-month internship on defect detection. You will train and evaluate models on "
            "real production images and present your results to customers.\n\n"
            "Interns who do well get a full-time offer; two of our engineers started this way."
        ),
        "requirements": (
            "- Master's student or recent graduate in CS, EE or a related field\n"
            "- PyTorch and basic computer vision (classification, detection)\n"
            "- Able to read papers and reproduce results\n"
            "- English; Korean not required"
        ),
        "experience": "Student or new graduate",
        "technologies": ["Python", "PyTorch", "OpenCV", "Weights & Biases"],
        "benefits": "Monthly stipend, GPU workstation, paper publication support, lunch provided.",
        "keywords": ["internship", "computer vision", "pytorch", "research"],
        "salary_min": 26_000_000,
        "salary_max": 30_000_000,
        "contact_email": "intern@daedeokvision.ai",
        "contact_website": "https://daedeokvision.ai/join",
        "status": "OPEN",
        "posted_by": "madina",
        "age": {"days": 6, "hours": 9},
    },
    {
        "title": "Machine Learning Engineer (Energy Forecasting)",
        "company_name": "Bitgoeul Energy AI",
        "company_description": (
            "Based in the Gwangju AI Cluster, we forecast solar and wind output for "
            "power traders and grid operators in Korea."
        ),
        "location": "Gwangju",
        "remote": False,
        "visas": ["E-7", "F-2", "F-5"],
        "visa_sponsorship": True,
        "korean_level": "TOPIK_3",
        "working_languages": ["en", "ko"],
        "job_type": "FULL_TIME",
        "category": "AI",
        "description": (
            "Build and deploy forecasting models that predict solar output 15 minutes to 7 days "
            "ahead, using weather data and satellite imagery.\n\n"
            "You will own models from experiment to production monitoring."
        ),
        "requirements": (
            "- 3+ years in machine learning, ideally time series\n"
            "- Python, pandas, LightGBM or PyTorch\n"
            "- MLOps experience (MLflow, Airflow or similar)\n"
            "- Good English; Korean is a plus"
        ),
        "experience": "3+ years",
        "technologies": ["Python", "PyTorch", "LightGBM", "MLflow", "Airflow"],
        "benefits": "Relocation bonus, housing near the AI Cluster, conference budget.",
        "keywords": ["machine learning", "forecasting", "energy", "time series"],
        "salary_min": 50_000_000,
        "salary_max": 70_000_000,
        "contact_phone": "062-971-4402",
        "contact_email": "careers@bitgoeul.ai",
        "contact_website": "https://bitgoeul.ai/careers",
        "status": "OPEN",
        "posted_by": "sardor",
        "age": {"days": 7, "hours": 4},
    },
    {
        "title": "Data Engineer — Shipbuilding IoT",
        "company_name": "Taehwa Marine Systems",
        "company_description": (
            "Software and sensors for shipyards in Ulsan: we track welding robots, "
            "cranes and blocks across the yard in real time."
        ),
        "location": "Ulsan",
        "remote": False,
        "visas": ["E-7", "F-2", "F-5", "F-6"],
        "visa_sponsorship": True,
        "korean_level": "TOPIK_5",
        "working_languages": ["ko"],
        "job_type": "FULL_TIME",
        "category": "DATA",
        "description": (
            "Design the pipelines that bring data from 20,000 sensors into our lakehouse, and "
            "build the tables our analysts and ML team rely on.\n\n"
            "Hybrid: three days a week at the yard office in Dong-gu, Ulsan."
        ),
        "requirements": (
            "- 3+ years as a data engineer\n"
            "- Spark, Kafka and SQL\n"
            "- Airflow or Dagster for orchestration\n"
            "- Korean at TOPIK 3 or higher"
        ),
        "experience": "3+ years",
        "technologies": ["Spark", "Kafka", "Airflow", "Delta Lake", "Python"],
        "benefits": "Company housing in Ulsan, shipyard canteen, annual performance bonus.",
        "keywords": ["data engineering", "iot", "spark", "shipbuilding"],
        "salary_min": 52_000_000,
        "salary_max": 72_000_000,
        "contact_phone": "052-233-8150",
        "contact_email": "recruit@taehwamarine.co.kr",
        "status": "OPEN",
        "posted_by": "shahzoda",
        "age": {"days": 8, "hours": 6},
    },
    {
        "title": "QA Automation Engineer",
        "company_name": "Gwanggyo Electronics Software",
        "company_description": (
            "We build the companion apps and firmware update services for home appliances "
            "sold in 40 countries."
        ),
        "location": "Suwon",
        "remote": False,
        "visas": ["F-2", "F-4", "F-5", "F-6"],
        "visa_sponsorship": False,
        "korean_level": "BUSINESS",
        "working_languages": ["ko"],
        "job_type": "FULL_TIME",
        "category": "QA",
        "description": (
            "Automate end-to-end tests for our mobile apps and the cloud services behind them. "
            "You will grow our test suite from 300 to 2,000 cases and keep it fast.\n\n"
            "Office near Gwanggyo Jungang station."
        ),
        "requirements": (
            "- 2+ years in test automation\n"
            "- Appium or Espresso/XCUITest, and Python or Java\n"
            "- API testing and CI integration\n"
            "- ISTQB is a plus"
        ),
        "experience": "2+ years",
        "technologies": ["Appium", "Python", "Pytest", "Jenkins", "Postman"],
        "benefits": "Commuting shuttle, 20 days of paid leave, health check-ups for family.",
        "keywords": ["qa", "automation", "appium", "testing"],
        "salary_min": 45_000_000,
        "salary_max": 60_000_000,
        "contact_phone": "031-216-5530",
        "contact_email": "qa-hiring@gwanggyo-es.co.kr",
        "contact_website": "https://gwanggyo-es.co.kr/recruit",
        "status": "OPEN",
        "posted_by": "shahzoda",
        "age": {"days": 9, "hours": 2},
    },
    {
        "title": "Part-time UI/UX Designer (Uzbek and Korean markets)",
        "company_name": "Silk Road Travel Korea",
        "company_description": (
            "A travel agency going digital: tours to Samarkand and Bukhara for Korean "
            "travellers, and medical tourism to Seoul for travellers from Uzbekistan."
        ),
        "location": "Seoul",
        "remote": True,
        "visas": ["D-2", "F-2", "F-4", "F-5", "F-6", "H-1"],
        "visa_sponsorship": False,
        "korean_level": "TOPIK_2",
        "working_languages": ["uz", "ko"],
        "job_type": "PART_TIME",
        "category": "DESIGN",
        "description": (
            "Redesign our booking site and design a simple mobile app, 20 hours a week. "
            "You will run short user interviews with travellers in both countries.\n\n"
            "Work remotely; one meeting a month at our office in Jongno."
        ),
        "requirements": (
            "- A portfolio with web or mobile projects\n"
            "- Figma and a design system mindset\n"
            "- Uzbek and either Korean or English"
        ),
        "experience": "1+ year",
        "technologies": ["Figma", "FigJam", "Webflow"],
        "benefits": "Flexible schedule, a free tour to Uzbekistan after six months.",
        "keywords": ["design", "ui", "ux", "figma", "part-time", "remote"],
        "salary_min": 22_000_000,
        "salary_max": 28_000_000,
        "contact_email": "design@silkroadtravel.kr",
        "status": "OPEN",
        "posted_by": "nilufar",
        "age": {"days": 10, "hours": 5},
    },
    {
        "title": "Freelance Full-stack Developer (Next.js + NestJS)",
        "company_name": "Kimchi Byte Studio",
        "company_description": (
            "A three-person studio that builds booking and membership websites for gyms "
            "and language schools."
        ),
        "location": "Seoul",
        "remote": True,
        "visas": ["F-2", "F-4", "F-5", "F-6"],
        "visa_sponsorship": False,
        "korean_level": "NONE",
        "working_languages": ["en"],
        "job_type": "FREELANCE",
        "category": "FULLSTACK",
        "description": (
            "We need a freelancer for a three-month project: a booking site with payments "
            "through Toss Payments and KakaoPay, and an admin panel.\n\n"
            "Paid per milestone. Contact the member who posted this job through the site."
        ),
        "requirements": (
            "- Several shipped Next.js projects\n"
            "- NestJS or Express with PostgreSQL\n"
            "- Experience with Korean payment gateways is a big plus"
        ),
        "experience": "3+ years",
        "technologies": ["Next.js", "NestJS", "PostgreSQL", "Prisma", "Toss Payments"],
        "benefits": "Fully remote, flexible hours, long-term cooperation for good partners.",
        "keywords": ["freelance", "nextjs", "nestjs", "fullstack", "payments"],
        "salary_min": None,
        "salary_max": None,
        "status": "OPEN",
        "posted_by": "jasur",
        "age": {"days": 11, "hours": 8},
    },
    {
        "title": "Full-stack dasturchi (Python, Django, Vue)",
        "company_name": "Toshkent–Seul IT Solutions",
        "company_description": (
            "O‘zbekiston va Koreya mijozlari uchun veb-tizimlar ishlab chiqadigan kompaniya. "
            "Jamoa Seul va Toshkentda ishlaydi."
        ),
        "location": "Seoul",
        "remote": True,
        "visas": ["E-7", "F-2", "F-4", "F-5", "F-6"],
        "visa_sponsorship": True,
        "korean_level": "NONE",
        "working_languages": ["uz", "ru"],
        "job_type": "FULL_TIME",
        "category": "FULLSTACK",
        "description": (
            "Koreya logistika kompaniyalari uchun ichki boshqaruv tizimlarini yaratish. "
            "Backend Django’da, frontend Vue 3’da.\n\n"
            "Masofadan ishlash mumkin, oyda bir marta Seuldagi ofisda uchrashuv."
        ),
        "requirements": (
            "- Python va Django bo‘yicha 2 yildan ortiq tajriba\n"
            "- Vue 3 yoki React\n"
            "- PostgreSQL va REST API loyihalash\n"
            "- O‘zbek tili; koreys tili afzallik"
        ),
        "experience": "2+ yil",
        "technologies": ["Python", "Django", "Vue 3", "PostgreSQL", "Docker"],
        "benefits": "Masofaviy ish, moslashuvchan jadval, yillik bonus, koreys tili kurslari to‘lovi.",
        "keywords": ["python", "django", "vue", "fullstack", "remote"],
        "salary_min": 45_000_000,
        "salary_max": 62_000_000,
        "contact_phone": "02-3142-7765",
        "contact_email": "hr@tashseoul.kr",
        "contact_website": "https://tashseoul.kr",
        "status": "OPEN",
        "posted_by": "sardor",
        "age": {"days": 12, "hours": 1},
    },
    {
        "title": "Backend amaliyotchi (Node.js)",
        "company_name": "Busan Port Tech",
        "company_description": (
            "Busan portidagi konteyner terminallari uchun dasturiy ta’minot yaratuvchi startap."
        ),
        "location": "Busan",
        "remote": False,
        "visas": ["D-2", "D-10", "F-2", "F-6"],
        "visa_sponsorship": False,
        "korean_level": "TOPIK_2",
        "working_languages": ["ko", "uz"],
        "job_type": "INTERNSHIP",
        "category": "BACKEND",
        "description": (
            "Uch oylik amaliyot: konteynerlarni kuzatish tizimining API qismini Node.js va "
            "TypeScript’da ishlab chiqasiz. Har kuni tajribali mentor bilan ishlaysiz.\n\n"
            "Yaxshi natija ko‘rsatganlarga doimiy ish taklif qilinadi."
        ),
        "requirements": (
            "- Kompyuter fanlari yo‘nalishidagi talaba yoki bitiruvchi\n"
            "- JavaScript yoki TypeScript asoslari\n"
            "- SQL haqida boshlang‘ich bilim\n"
            "- Koreys tilida oddiy muloqot"
        ),
        "experience": "Tajriba talab qilinmaydi",
        "technologies": ["Node.js", "TypeScript", "Express", "MySQL"],
        "benefits": "Oylik stipendiya, tushlik, mentorlik, ish taklifi imkoniyati.",
        "keywords": ["internship", "nodejs", "backend", "busan"],
        "salary_min": 24_000_000,
        "salary_max": 27_000_000,
        "contact_email": "intern@busanporttech.kr",
        "contact_website": "https://busanporttech.kr",
        "status": "OPEN",
        "posted_by": "otabek",
        "age": {"days": 13, "hours": 6},
    },
    {
        "title": "Android Developer (12-month contract)",
        "company_name": "Yeongtong Mobile Lab",
        "company_description": (
            "An agency that builds Android apps for electronics makers and telecom "
            "operators, based in Suwon's Yeongtong district."
        ),
        "location": "Suwon",
        "remote": False,
        "visas": ["F-2", "F-4", "F-5", "F-6"],
        "visa_sponsorship": False,
        "korean_level": "TOPIK_3",
        "working_languages": ["ko", "en"],
        "job_type": "CONTRACT",
        "category": "MOBILE",
        "description": (
            "Join a client project building a smart-home control app used on phones, tablets "
            "and TVs. Jetpack Compose from day one.\n\n"
            "12-month contract, extension likely."
        ),
        "requirements": (
            "- 3+ years of Android with Kotlin\n"
            "- Jetpack Compose, coroutines and Flow\n"
            "- Bluetooth LE or Matter experience is a plus\n"
            "- Korean at TOPIK 4 or higher"
        ),
        "experience": "3+ years",
        "technologies": ["Kotlin", "Jetpack Compose", "Coroutines", "Bluetooth LE"],
        "benefits": "Monthly pay above market rate, laptop provided, overtime paid.",
        "keywords": ["android", "kotlin", "compose", "contract"],
        "salary_min": 50_000_000,
        "salary_max": 65_000_000,
        "contact_phone": "031-8066-2947",
        "status": "OPEN",
        "posted_by": "jasur",
        "age": {"days": 14, "hours": 4},
    },
    {
        "title": "Data Analyst (Korean + English)",
        "company_name": "Seoul Fintech Partners",
        "company_description": (
            "A remittance company in Yeouido that helps foreign workers send money home "
            "to 30 countries, including Uzbekistan."
        ),
        "location": "Seoul",
        "remote": False,
        "visas": ["E-7", "F-2", "F-4", "F-5", "F-6"],
        "visa_sponsorship": True,
        "korean_level": "TOPIK_6",
        "working_languages": ["ko", "en"],
        "job_type": "FULL_TIME",
        "category": "DATA",
        "description": (
            "Analyse how customers send money, find why transfers fail and help the marketing "
            "team reach new communities. You will own dashboards used by the whole company.\n\n"
            "Uzbek or Russian speakers are especially welcome."
        ),
        "requirements": (
            "- 2+ years as a data or business analyst\n"
            "- Strong SQL, Python (pandas)\n"
            "- Tableau, Looker or Superset\n"
            "- Korean and English at business level"
        ),
        "experience": "2+ years",
        "technologies": ["SQL", "Python", "BigQuery", "Tableau"],
        "benefits": "Free transfers for staff, 20 days of leave, yearly bonus, E-7 sponsorship.",
        "keywords": ["data", "analytics", "sql", "fintech"],
        "salary_min": 46_000_000,
        "salary_max": 58_000_000,
        "contact_email": "talent@seoulfintechpartners.com",
        "contact_website": "https://seoulfintechpartners.com/careers",
        "status": "OPEN",
        "posted_by": "shahzoda",
        "age": {"days": 15, "hours": 7},
    },
    {
        "title": "Texnik tarjimon (koreys–o‘zbek–ingliz), frilans",
        "company_name": "Hanbat Edu Tech",
        "company_description": (
            "Daejeondagi ta’lim texnologiyalari kompaniyasi: koreys tilini o‘rgatuvchi "
            "onlayn kurslar va ilovalar."
        ),
        "location": "Daejeon",
        "remote": True,
        "visas": ["D-2", "F-2", "F-4", "F-5", "F-6", "H-1"],
        "visa_sponsorship": False,
        "korean_level": "BUSINESS",
        "working_languages": ["ko", "uz", "en"],
        "job_type": "FREELANCE",
        "category": "OTHER",
        "description": (
            "Ilova interfeysi, yordam maqolalari va dars materiallarini koreys va ingliz "
            "tillaridan o‘zbek tiliga tarjima qilish. Oyiga taxminan 40 sahifa.\n\n"
            "To‘lov har bir sahifa uchun, masofadan ishlash."
        ),
        "requirements": (
            "- O‘zbek tili ona tili darajasida\n"
            "- TOPIK 5 yoki undan yuqori\n"
            "- IT atamalarini bilish, lokalizatsiya tajribasi afzallik"
        ),
        "experience": "1+ yil",
        "technologies": ["Crowdin", "Google Sheets"],
        "benefits": "Moslashuvchan jadval, kurslarga bepul kirish.",
        "keywords": ["tarjima", "lokalizatsiya", "freelance", "korean"],
        "salary_min": None,
        "salary_max": None,
        "contact_email": "localization@hanbatedu.kr",
        "status": "OPEN",
        "posted_by": "madina",
        "age": {"days": 16, "hours": 3},
    },
    # ---------------------------------------------------------------- CLOSED
    {
        "title": "Go Backend Developer",
        "company_name": "Yeongjong Cloud Services",
        "company_description": (
            "A managed hosting provider on Yeongjong Island serving game companies and "
            "online retailers."
        ),
        "location": "Incheon",
        "remote": False,
        "visas": ["E-7", "F-2", "F-5"],
        "visa_sponsorship": True,
        "korean_level": "TOPIK_3",
        "working_languages": ["en", "ko"],
        "job_type": "FULL_TIME",
        "category": "BACKEND",
        "description": (
            "Build the control plane of our hosting platform in Go: provisioning, billing "
            "and usage metering.\n\n"
            "Applications for this position are closed."
        ),
        "requirements": (
            "- 3+ years with Go\n"
            "- gRPC and PostgreSQL\n"
            "- Linux networking basics"
        ),
        "experience": "3+ years",
        "technologies": ["Go", "gRPC", "PostgreSQL", "Linux"],
        "benefits": "Shuttle from Unseo station, stock options, free lunch.",
        "keywords": ["go", "golang", "backend", "cloud"],
        "salary_min": 55_000_000,
        "salary_max": 75_000_000,
        "contact_email": "careers@yeongjongcloud.kr",
        "contact_website": "https://yeongjongcloud.kr",
        "status": "CLOSED",
        "posted_by": "bekzod",
        "age": {"days": 22, "hours": 5},
    },
    {
        "title": "Part-time Web Publisher (HTML, CSS)",
        "company_name": "Mudeung Media",
        "company_description": "A small web agency in Gwangju making sites for local businesses and festivals.",
        "location": "Gwangju",
        "remote": False,
        "visas": ["D-2", "F-2", "F-4", "F-6", "H-1"],
        "visa_sponsorship": False,
        "korean_level": "TOPIK_3",
        "working_languages": ["ko"],
        "job_type": "PART_TIME",
        "category": "FRONTEND",
        "description": (
            "Turn Figma designs into responsive, accessible pages, about 15 hours a week.\n\n"
            "This position is closed; thank you to everyone who applied."
        ),
        "requirements": (
            "- Solid HTML and CSS, responsive layouts\n"
            "- Basic JavaScript\n"
            "- Able to work in the office on Tuesdays and Thursdays"
        ),
        "experience": "1+ year",
        "technologies": ["HTML", "CSS", "JavaScript", "Figma"],
        "benefits": "Flexible hours, friendly small team.",
        "keywords": ["html", "css", "publisher", "part-time"],
        "salary_min": 18_000_000,
        "salary_max": 22_000_000,
        "contact_phone": "062-225-4418",
        "status": "CLOSED",
        "posted_by": "sardor",
        "age": {"days": 24, "hours": 2},
    },
    # ---------------------------------------------------------------- FILLED
    {
        "title": "Site Reliability Engineer",
        "company_name": "Gangnam Pay",
        "company_description": "A payment gateway for online shops and subscription services in Korea.",
        "location": "Seoul",
        "remote": False,
        "visas": ["E-7", "F-2", "F-5"],
        "visa_sponsorship": True,
        "korean_level": "TOPIK_2",
        "working_languages": ["en"],
        "job_type": "FULL_TIME",
        "category": "DEVOPS",
        "description": (
            "Keep card and bank-transfer payments running around the clock: observability, "
            "incident response and capacity planning.\n\n"
            "Filled by a UzDev Korea member through a referral. Congratulations!"
        ),
        "requirements": (
            "- 4+ years in SRE or operations\n"
            "- Kubernetes, Prometheus and Grafana\n"
            "- On-call experience"
        ),
        "experience": "4+ years",
        "technologies": ["Kubernetes", "Prometheus", "Grafana", "Terraform", "Go"],
        "benefits": "On-call allowance, stock options, 25 days of leave.",
        "keywords": ["sre", "devops", "payments", "kubernetes"],
        "salary_min": 65_000_000,
        "salary_max": 90_000_000,
        "contact_email": "sre-hiring@gangnampay.co.kr",
        "contact_website": "https://gangnampay.co.kr/careers",
        "status": "FILLED",
        "posted_by": "sardor",
        "age": {"days": 20, "hours": 9},
    },
    {
        "title": "Ma’lumotlar tahlili bo‘yicha amaliyotchi",
        "company_name": "Ulsan Green Chemicals Digital",
        "company_description": (
            "Ulsandagi kimyo zavodlari uchun raqamli yechimlar yaratuvchi bo‘lim."
        ),
        "location": "Ulsan",
        "remote": False,
        "visas": ["D-2", "D-10", "F-2"],
        "visa_sponsorship": False,
        "korean_level": "TOPIK_3",
        "working_languages": ["uz", "ko"],
        "job_type": "INTERNSHIP",
        "category": "DATA",
        "description": (
            "Olti oylik amaliyot: ishlab chiqarish ma’lumotlarini tahlil qilish va "
            "energiya sarfini kamaytirish bo‘yicha hisobotlar tayyorlash.\n\n"
            "Bu o‘rin band qilindi."
        ),
        "requirements": (
            "- Statistika yoki kompyuter fanlari talabasi\n"
            "- Python va SQL asoslari\n"
            "- Koreys tili TOPIK 3 va undan yuqori"
        ),
        "experience": "Talaba",
        "technologies": ["Python", "pandas", "SQL", "Power BI"],
        "benefits": "Stipendiya, yotoqxona, zavod oshxonasida bepul ovqat.",
        "keywords": ["amaliyot", "data", "python", "ulsan"],
        "salary_min": 25_000_000,
        "salary_max": 28_000_000,
        "contact_email": "intern@ugc-digital.co.kr",
        "status": "FILLED",
        "posted_by": "shahzoda",
        "age": {"days": 23, "hours": 4},
    },
    {
        "title": "iOS Developer (Swift, SwiftUI)",
        "company_name": "Haeundae Mobility",
        "company_description": (
            "A Busan startup building a ride and bike-sharing app for tourists and "
            "residents of Haeundae and Gwangalli."
        ),
        "location": "Busan",
        "remote": False,
        "visas": ["E-7", "F-2", "F-5", "F-6"],
        "visa_sponsorship": True,
        "korean_level": "TOPIK_3",
        "working_languages": ["ko", "en"],
        "job_type": "FULL_TIME",
        "category": "MOBILE",
        "description": (
            "Build our native iOS widgets and Apple Watch companion app.\n\n"
            "This position has been filled."
        ),
        "requirements": (
            "- 2+ years with Swift and SwiftUI\n"
            "- MapKit and Core Location\n"
            "- App Store release experience"
        ),
        "experience": "2+ years",
        "technologies": ["Swift", "SwiftUI", "MapKit", "WatchKit"],
        "benefits": "Housing support for relocation to Busan, free rides, stock options.",
        "keywords": ["ios", "swift", "mobile", "busan"],
        "salary_min": 45_000_000,
        "salary_max": 62_000_000,
        "contact_phone": "051-744-2093",
        "contact_email": "hello@haeundaemobility.kr",
        "status": "FILLED",
        "posted_by": "otabek",
        "age": {"days": 19, "hours": 6},
    },
    # ---------------------------------------------------------------- PENDING
    {
        "title": "Freelance Product Designer for a Halal food delivery app",
        "company_name": "Barakat Foods Korea",
        "company_description": (
            "Halal grocery shops in Daegu and Seoul planning their own delivery app for "
            "Central Asian and Middle Eastern customers."
        ),
        "location": "Daegu",
        "remote": True,
        "visas": ["F-2", "F-4", "F-5", "F-6", "H-1"],
        "visa_sponsorship": False,
        "korean_level": "NONE",
        "working_languages": ["uz", "ru"],
        "job_type": "FREELANCE",
        "category": "DESIGN",
        "description": (
            "Design the first version of our delivery app: catalogue, cart, checkout and "
            "order tracking, in Uzbek, Russian and Korean.\n\n"
            "About six weeks of work, paid per milestone."
        ),
        "requirements": (
            "- A portfolio with at least one shipped mobile app\n"
            "- Figma prototyping\n"
            "- Uzbek or Russian"
        ),
        "experience": "2+ years",
        "technologies": ["Figma", "Protopie"],
        "benefits": "Remote work, flexible schedule, free groceries for a month.",
        "keywords": ["design", "mobile", "freelance", "halal"],
        "salary_min": None,
        "salary_max": None,
        "contact_phone": "053-655-0192",
        "contact_email": "order@barakatfoods.kr",
        "status": "PENDING",
        "posted_by": "jasur",
        "age": {"hours": 5},
    },
    {
        "title": "QA Tester (3-month contract, Uzbek speaker)",
        "company_name": "Gamcheon Games",
        "company_description": (
            "An indie game studio in Busan localising its mobile RPG for Central Asia."
        ),
        "location": "Busan",
        "remote": False,
        "visas": ["D-2", "F-2", "F-4", "F-6", "H-1"],
        "visa_sponsorship": False,
        "korean_level": "TOPIK_2",
        "working_languages": ["uz", "ru", "ko"],
        "job_type": "CONTRACT",
        "category": "QA",
        "description": (
            "Test the Uzbek and Russian versions of our game before launch: find "
            "translation errors, broken layouts and gameplay bugs.\n\n"
            "Three months in our studio near Gamcheon Culture Village."
        ),
        "requirements": (
            "- Native Uzbek, good Russian\n"
            "- You play mobile games and write clear bug reports\n"
            "- Jira experience is a plus"
        ),
        "experience": "No experience required",
        "technologies": ["Jira", "Android", "iOS"],
        "benefits": "Free lunch, game credits, possible extension to localisation lead.",
        "keywords": ["qa", "games", "localization", "contract"],
        "salary_min": 30_000_000,
        "salary_max": 34_000_000,
        "contact_email": "jobs@gamcheongames.com",
        "contact_website": "https://gamcheongames.com",
        "status": "PENDING",
        "posted_by": "otabek",
        "age": {"days": 1, "hours": 4},
    },
]
