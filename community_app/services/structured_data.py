"""JSON-LD (schema.org) of the site's pages: ``Event`` for meetups, ``NewsArticle`` for news,
``JobPosting`` for job posts, ``BlogPosting`` for members' posts, ``WebSite`` and
``Organization`` for the home page. Plain dicts, made absolute with the site's address."""

from __future__ import annotations

import datetime as dt

from community_app.core.korea_time import to_korea
from community_app.services.seo_items import Item

SCHEMA = "https://schema.org"
EMPLOYMENT_TYPES = {"FULL_TIME": "FULL_TIME", "PART_TIME": "PART_TIME",
                    "CONTRACT": "CONTRACTOR", "INTERNSHIP": "INTERN"}


def iso(value: dt.datetime | None) -> str | None:
    """ISO 8601 in Korea time (``2027-01-23T19:00:00+09:00``)."""
    return to_korea(value).isoformat(timespec="seconds") if value else None


def organization(base: str, site: str) -> dict:
    return {"@type": "Organization", "name": site, "url": f"{base}/",
            "logo": f"{base}/logo.svg"}


def home(base: str, site: str, description: str) -> list[dict]:
    return [
        {"@context": SCHEMA, "@type": "WebSite", "name": site, "url": f"{base}/",
         "description": description, "inLanguage": ["en", "uz"]},
        {"@context": SCHEMA, **organization(base, site)},
    ]


def for_item(item: Item, base: str, site: str, description: str, image: str) -> dict:
    url = f"{base}{item.path}"
    extra = dict(item.extra)
    if item.kind == "meetup":
        data = {
            "@type": "Event", "name": item.title, "description": description,
            "startDate": iso(item.starts_at), "endDate": iso(item.ends_at),
            "eventStatus": f"{SCHEMA}/EventScheduled",
            "eventAttendanceMode": f"{SCHEMA}/OfflineEventAttendanceMode",
            "location": {"@type": "Place", "name": item.place,
                         "address": {"@type": "PostalAddress", "streetAddress": item.place,
                                     "addressCountry": "KR"}},
            "image": [image], "url": url, "organizer": organization(base, site),
            "isAccessibleForFree": True,
            "offers": {"@type": "Offer", "price": 0, "priceCurrency": "KRW",
                       "url": f"{base}{extra.get('register', item.path)}",
                       "availability": f"{SCHEMA}/InStock" if extra.get("seats_left", 0) > 0
                       and not extra.get("is_past") else f"{SCHEMA}/SoldOut"},
        }
    elif item.kind == "job":
        low, high, currency = extra.get("salary") or (None, None, "KRW")
        data = {
            "@type": "JobPosting", "title": item.title, "description": item.text or item.title,
            "datePosted": iso(item.published), "validThrough": iso(extra.get("expires_at")),
            "employmentType": EMPLOYMENT_TYPES.get(str(extra.get("job_type")), "OTHER"),
            "hiringOrganization": {"@type": "Organization", "name": item.author},
            "jobLocation": {"@type": "Place", "address": {
                "@type": "PostalAddress", "addressLocality": item.place, "addressCountry": "KR"}},
            "url": url, "directApply": False,
        }
        if extra.get("remote"):
            data["jobLocationType"] = "TELECOMMUTE"
            data["applicantLocationRequirements"] = {"@type": "Country", "name": "KR"}
        if low or high:
            data["baseSalary"] = {"@type": "MonetaryAmount", "currency": currency, "value": {
                "@type": "QuantitativeValue", "minValue": low or high, "maxValue": high or low,
                "unitText": "YEAR"}}
    elif item.kind == "talk":  # a talk: an Event inside its meetup, by its speakers
        data = {
            "@type": "Event", "name": item.title, "description": description,
            "startDate": iso(item.starts_at), "endDate": iso(item.ends_at),
            "eventStatus": f"{SCHEMA}/EventScheduled", "url": url, "image": [image],
            "inLanguage": extra.get("language"),
            "eventAttendanceMode": f"{SCHEMA}/OfflineEventAttendanceMode",
            "location": {"@type": "Place", "name": item.place},
            "superEvent": {"@type": "Event", "name": item.place,
                           "url": f"{base}{extra.get('meetup', '')}"},
            "performer": [{"@type": "Person", "name": name, "url": f"{base}{path}"}
                          for name, path in extra.get("speakers", ())],
            "organizer": organization(base, site),
        }
        if extra.get("recording"):
            data["recordedIn"] = {"@type": "VideoObject", "name": item.title,
                                  "url": extra["recording"], "embedUrl": extra["recording"]}
    elif item.kind == "speaker":
        data = {"@type": "Person", "name": item.title, "description": description, "url": url,
                "jobTitle": item.author or None, "sameAs": list(extra.get("links", ())) or None,
                "image": f"{base}{item.image}" if item.image.startswith("/") else item.image or None}
    else:
        data = {
            "@type": "NewsArticle" if item.kind == "news" else "BlogPosting",
            "headline": item.title[:110], "description": description, "image": [image],
            "datePublished": iso(item.published), "dateModified": iso(item.modified or item.published),
            "mainEntityOfPage": {"@type": "WebPage", "@id": url}, "url": url,
            "author": ({"@type": "Person", "name": item.author} if item.author
                       else organization(base, site)),
            "publisher": organization(base, site),
        }
        if item.kind == "news" and extra.get("tags"):
            data["keywords"] = ", ".join(extra["tags"])
    return {"@context": SCHEMA, **{k: v for k, v in data.items() if v is not None}}
