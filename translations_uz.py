"""Uzbek (Latin) for the message ids the jobs pages add (/jobs and /jobs/[job_id])."""

UZ = {
    "1 job found": "1 ta vakansiya topildi",
    "{n} jobs found": "{n} ta vakansiya topildi",
    "About the company": "Kompaniya haqida",
    "All locations": "Barcha shaharlar",
    "All types": "Barcha turlar",
    "Back to jobs": "Vakansiyalarga qaytish",
    "Benefits": "Imtiyozlar",
    "Bookmark": "Saqlab qo‘yish",
    "Bookmarks are coming soon.": "Saqlab qo‘yish imkoniyati tez orada qo‘shiladi.",
    "Seoul": "Seul",
    "Busan": "Pusan",
    "Incheon": "Inchxon",
    "Daegu": "Tegu",
    "Daejeon": "Tejon",
    "Gwangju": "Kvanju",
    "Ulsan": "Ulsan",
    "Suwon": "Suvon",
    "Clear Filters": "Filtrlarni tozalash",
    "Closed": "Yopilgan",
    "Company A-Z": "Kompaniya (A-Z)",
    "Company contact information is not available.": "Kompaniyaning aloqa ma’lumotlari mavjud emas.",
    "Contact information": "Aloqa ma’lumotlari",
    "Contact the company": "Kompaniya bilan bog‘lanish",
    "Contract": "Shartnoma asosida",
    "Error Fetching Jobs": "Vakansiyalarni yuklashda xatolik",
    "Experience": "Tajriba",
    "Filled": "Egallangan",
    "Freelance": "Frilans",
    "From {amount}": "{amount} dan boshlab",
    "Full-time": "To‘liq stavka",
    "Go to Homepage": "Bosh sahifaga o‘tish",
    "If you get an interview, please mention that you found this job on {site}.": (
        "Agar suhbatga taklif qilinsangiz, iltimos, bu vakansiyani {site} orqali "
        "topganingizni aytib o‘ting."
    ),
    "Internship": "Amaliyot",
    "Job Not Found": "Vakansiya topilmadi",
    "Job description": "Vakansiya tavsifi",
    "Job type": "Ish turi",
    "Jobs found": "Topilgan vakansiyalar",
    "Load More Jobs": "Yana vakansiyalarni yuklash",
    "Loading job...": "Vakansiya yuklanmoqda...",
    "Loading jobs...": "Vakansiyalar yuklanmoqda...",
    "Location": "Joylashuv",
    "New jobs are posted often. Please check back soon.": (
        "Yangi vakansiyalar tez-tez joylanadi. Iltimos, keyinroq yana kiring."
    ),
    "Newest First": "Avval yangilari",
    "Oldest First": "Avval eskilari",
    "No jobs match your filters": "Filtrlaringizga mos vakansiya topilmadi",
    "No open jobs right now": "Hozircha ochiq vakansiyalar yo‘q",
    "Not provided": "Ko‘rsatilmagan",
    "Not specified.": "Ko‘rsatilmagan.",
    "One small favour": "Kichik bir iltimos",
    "Open": "Ochiq",
    "Part-time": "Yarim stavka",
    "Posted": "E’lon qilingan",
    "Posted by": "E’lon bergan",
    "Posted {when}": "{when} e’lon qilingan",
    "Remote": "Masofaviy",
    "Requirements and experience": "Talablar va tajriba",
    "Salary": "Maosh",
    "Salary not disclosed": "Maosh ko‘rsatilmagan",
    "Search and filters": "Qidiruv va filtrlar",
    "Search jobs": "Vakansiyalarni qidirish",
    "Something went wrong while loading jobs. Please try again.": (
        "Vakansiyalarni yuklashda nimadir xato ketdi. Iltimos, qaytadan urinib ko‘ring."
    ),
    "Sort by": "Saralash",
    "Status": "Holati",
    "Technologies and skills": "Texnologiyalar va ko‘nikmalar",
    "The job you are looking for does not exist or has been removed.": (
        "Siz qidirayotgan vakansiya mavjud emas yoki o‘chirilgan."
    ),
    "This job is no longer accepting applications.": (
        "Bu vakansiya bo‘yicha arizalar endi qabul qilinmaydi."
    ),
    "Title, company or keywords": "Lavozim, kompaniya yoki kalit so‘zlar",
    "Try again": "Qayta urinish",
    "Try another search or clear the filters to see every open job.": (
        "Boshqa so‘z bilan qidiring yoki barcha ochiq vakansiyalarni ko‘rish uchun "
        "filtrlarni tozalang."
    ),
    "Up to {amount}": "{amount} gacha",
    "Website": "Veb-sayt",
}
