"""/jobs/visa-guide: the residence statuses of the jobs filter in plain words.

Facts only, with the official sources named; nothing is fetched from them (no network
calls): the text is ours and in the translation catalog like every other page.
"""

from __future__ import annotations

import reflex as rx

from community_app.i18n import N_
from community_app.models import VisaStatus
from community_app.core import routes
from community_app.ui.components.document import document_page
from community_app.ui.layouts.frame import page
from community_app.ui.i18n import t

SECTIONS = (
    (
        N_("D-2 Student"),
        (
            N_(
                "For students enrolled at a Korean university or college. Part-time work is "
                "allowed only with a permit from the immigration office, applied for with your "
                "school's confirmation, and the weekly hours are limited during the semester "
                "(the limit depends on your course and Korean level). Working without the "
                "permit can cost you your status."
            ),
        ),
    ),
    (
        VisaStatus.D10.label,
        (
            N_(
                "For graduates and professionals looking for work in Korea. It allows job "
                "seeking and, with a report or permission, short internships. When an "
                "employer hires you for a professional post, you change to a working status "
                "such as E-7."
            ),
        ),
    ),
    (
        VisaStatus.E7.label,
        (
            N_(
                "The usual working visa for professionals, in occupations listed by the "
                "Ministry of Justice (software developers among them). The employer applies "
                "with you and sponsors the status; a degree or experience in the field and a "
                "minimum salary are asked for. Changing employer needs permission. Posts "
                "marked 'E-7 sponsorship' say the employer is ready to do this."
            ),
        ),
    ),
    (
        N_("E-9 Non-professional employment"),
        (
            N_(
                "For workers hired through the Employment Permit System (EPS) in "
                "manufacturing, construction, agriculture, fishery and some services, from "
                "partner countries such as Uzbekistan, after the EPS-TOPIK test. Workers are "
                "matched to employers through EPS; it is not a status for office or IT jobs."
            ),
        ),
    ),
    (
        N_("F-2 Residence, with F-2-R regional"),
        (
            N_(
                "A long-term residence status with wide freedom to work, reached for example "
                "through the points system (F-2-7). F-2-R, the regional visa, is given for "
                "living and working in a designated region: its holders must keep to that "
                "region. Job posts that accept F-2 accept F-2-R within their region."
            ),
        ),
    ),
    (
        VisaStatus.F4.label,
        (
            N_(
                "For foreign nationals of Korean descent. Most work is allowed, except simple "
                "manual labour and jobs restricted by law."
            ),
        ),
    ),
    (
        N_("F-5 Permanent residence and F-6 Marriage migrant"),
        (
            N_(
                "F-5 holders are permanent residents, and F-6 holders are spouses of Korean "
                "nationals (or parents of their children). Both may work in any job without "
                "a separate permission."
            ),
        ),
    ),
    (
        VisaStatus.H1.label,
        (
            N_(
                "For young citizens of countries that have a working-holiday agreement with "
                "Korea: a stay mainly for travel, with work allowed to cover its costs, for a "
                "limited time. Some kinds of work are excluded."
            ),
        ),
    ),
    (
        N_("Korean level (TOPIK)"),
        (
            N_(
                "The Test of Proficiency in Korean (TOPIK) is run by NIIED, the National "
                "Institute for International Education. TOPIK I gives levels 1 and 2, TOPIK "
                "II levels 3 to 6 (6 is the highest); a result is valid for two years. "
                "'Business-fluent' means Korean good enough for meetings and documents at "
                "work."
            ),
        ),
    ),
    (
        N_("Official sources"),
        (
            N_(
                "Hi Korea (hikorea.go.kr), the e-government portal for foreigners, and the "
                "Korea Immigration Service of the Ministry of Justice (immigration.go.kr): "
                "statuses, permits and applications. Immigration Contact Center: 1345."
            ),
            N_(
                "EPS (eps.go.kr), the Employment Permit System of the Ministry of Employment "
                "and Labor: E-9 employment. TOPIK (topik.go.kr), by NIIED: the Korean test."
            ),
            N_(
                "Rules change and every case is decided by the immigration office: check "
                "the official sources before you apply or change jobs. This page is a "
                "summary, not legal advice."
            ),
        ),
    ),
)


@page(routes.VISA_GUIDE)
def visa_guide() -> rx.Component:
    return rx.fragment(
        document_page(
            N_("Visa guide for jobs in Korea"),
            N_("The residence statuses of the jobs filter, in plain words"),
            N_(
                "Which job you may take in Korea depends on your residence status (visa). "
                "Job posts on this site say which statuses they can employ; this guide "
                "explains them."
            ),
            SECTIONS,
        ),
        rx.center(
            rx.link(t("Back to jobs"), href=routes.JOBS, size="3"),
            padding_bottom="32px",
        ),
    )
