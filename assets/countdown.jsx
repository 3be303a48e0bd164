// A countdown to a moment (the next meetup), ticking every second in the browser: no
// server round trip per tick. Wrapped in Python by community_app/ui/components/countdown.py,
// which passes every text in already translated.
//
// Props:
//   target        ISO date-time string ("2026-03-07T05:00:00+00:00") or epoch milliseconds
//   daysLabel, hoursLabel, minutesLabel, secondsLabel   unit labels
//   startedText   shown once the moment is reached
//   compact       one line ("3 d 4 h 12 min 5 sec") instead of four boxes
//   label         text put before the numbers while counting ("Starts in")
//
// The element has role="timer" with aria-live="off": screen readers read it when asked,
// and are not flooded with an announcement every second.
import React, { useEffect, useState } from "react";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export function targetMillis(target) {
  if (target === null || target === undefined || target === "") return NaN;
  if (typeof target === "number") return target;
  const asNumber = Number(target);
  if (!Number.isNaN(asNumber) && String(target).trim() !== "") return asNumber;
  return Date.parse(target);
}

export function splitRemaining(ms) {
  const left = Math.max(0, ms);
  return {
    days: Math.floor(left / DAY),
    hours: Math.floor((left % DAY) / HOUR),
    minutes: Math.floor((left % HOUR) / MINUTE),
    seconds: Math.floor((left % MINUTE) / SECOND),
  };
}

const pad = (n) => String(n).padStart(2, "0");

// The unit labels come from the page, translated (ui/components/home_countdown.py, the one
// place that holds their texts).
export function Countdown({
  target,
  daysLabel,
  hoursLabel,
  minutesLabel,
  secondsLabel,
  startedText = "",
  compact = false,
  label = "",
  id,
  className,
}) {
  // `now` starts unknown so the prerendered HTML and the first client render agree;
  // the clock starts after mounting.
  const [now, setNow] = useState(null);
  const when = targetMillis(target);

  useEffect(() => {
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), SECOND);
    return () => window.clearInterval(timer);
  }, []);

  const known = now !== null && !Number.isNaN(when);
  const reached = known && when - now <= 0;
  const parts = known ? splitRemaining(when - now) : null;
  const show = (n, twoDigits) => (parts === null ? "--" : twoDigits ? pad(n) : String(n));

  const common = {
    id,
    role: "timer",
    "aria-live": "off",
    "aria-atomic": "true",
    "data-target": Number.isNaN(when) ? "" : new Date(when).toISOString(),
    "data-reached": reached ? "true" : "false",
  };

  if (reached) {
    return (
      <span
        {...common}
        className={`uzdev-countdown-started ${className || ""}`}
        style={compact ? undefined : { fontSize: "20px", fontWeight: 700, color: "#1d4ed8" }}
      >
        {startedText}
      </span>
    );
  }

  const units = [
    ["days", parts ? parts.days : 0, daysLabel, false],
    ["hours", parts ? parts.hours : 0, hoursLabel, true],
    ["minutes", parts ? parts.minutes : 0, minutesLabel, true],
    ["seconds", parts ? parts.seconds : 0, secondsLabel, true],
  ];

  if (compact) {
    return (
      <span
        {...common}
        className={`uzdev-countdown-compact ${className || ""}`}
        style={{ display: "inline-flex", flexWrap: "wrap", columnGap: "0.45em", fontVariantNumeric: "tabular-nums" }}
      >
        {label ? <span className="uzdev-countdown-compact-label">{label}</span> : null}
        {units.map(([key, value, unitLabel]) => (
          <span key={key} data-unit={key} className="uzdev-countdown-compact-unit">
            <strong>{show(value, false)}</strong> {unitLabel}
          </span>
        ))}
      </span>
    );
  }

  return (
    <div {...common} className={`uzdev-countdown ${className || ""}`} style={{ width: "100%" }}>
      {label ? (
        <div
          className="uzdev-countdown-label-text"
          style={{ fontSize: "14px", fontWeight: 500, color: "#475569", marginBottom: "8px" }}
        >
          {label}
        </div>
      ) : null}
      <div
        style={{
          display: "grid",
          gridTemplateColumns: "repeat(4, minmax(0, 1fr))",
          gap: "8px",
          width: "100%",
          maxWidth: "440px",
        }}
      >
        {units.map(([key, value, unitLabel, twoDigits]) => (
          <div
            key={key}
            data-unit={key}
            style={{
              display: "flex",
              flexDirection: "column",
              alignItems: "center",
              justifyContent: "center",
              padding: "12px 4px",
              borderRadius: "12px",
              background: "#eef2ff",
              color: "#1e3a8a",
              minWidth: 0,
            }}
          >
            <span
              className="uzdev-countdown-number"
              style={{
                fontSize: "clamp(24px, 7vw, 36px)",
                fontWeight: 800,
                lineHeight: 1.1,
                fontVariantNumeric: "tabular-nums",
              }}
            >
              {show(value, twoDigits)}
            </span>
            <span
              className="uzdev-countdown-label"
              style={{
                fontSize: "12px",
                fontWeight: 600,
                textTransform: "uppercase",
                letterSpacing: "0.04em",
                color: "#475569",
                overflow: "hidden",
                textOverflow: "ellipsis",
                maxWidth: "100%",
              }}
            >
              {unitLabel}
            </span>
          </div>
        ))}
      </div>
    </div>
  );
}
