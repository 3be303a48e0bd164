// Small browser-only behaviours that Reflex has no component for. Each is wrapped in
// Python by community_app/ui/components/browser.py, which passes every text in (already
// translated), so nothing here needs editing to change wording or language.
import React, { useDeferredValue, useEffect, useRef, useState } from "react";
import { useLocation, useNavigation } from "react-router";

// Scrolls the window to the top whenever the route path changes.
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

// Benign browser noise that is not an application error.
const IGNORED = [/ResizeObserver loop/i, /^Script error\.?$/i];

// Replaces the page with an error screen on any uncaught window error or unhandled
// promise rejection. The error is cleared on every route path change.
export function UncaughtErrorScreen({
  children,
  title,
  fallbackMessage,
  tryAgainLabel,
  reportLabel,
}) {
  const [error, setError] = useState(null);
  // "/about" and "/about/" are the same page: only a real change of page clears.
  const pathname = useLocation().pathname.replace(/\/+$/, "") || "/";
  const firstPath = useRef(pathname);

  useEffect(() => {
    const onError = (event) => {
      const message = event?.error?.message || event?.message || "";
      if (IGNORED.some((re) => re.test(message))) return;
      setError({ message, stack: event?.error?.stack || "" });
    };
    const onRejection = (event) => {
      const reason = event?.reason;
      const message = reason?.message || (typeof reason === "string" ? reason : "");
      if (IGNORED.some((re) => re.test(message))) return;
      setError({ message, stack: reason?.stack || "" });
    };
    window.addEventListener("error", onError);
    window.addEventListener("unhandledrejection", onRejection);
    return () => {
      window.removeEventListener("error", onError);
      window.removeEventListener("unhandledrejection", onRejection);
    };
  }, []);

  useEffect(() => {
    if (pathname !== firstPath.current) {
      firstPath.current = pathname;
      setError(null);
    }
  }, [pathname]);

  if (!error) return children;

  const tryAgain = () => {
    // Clear the error; if the page cannot recover it will raise again, so reload then.
    if (window.__uzdevRetried) {
      window.location.reload();
    } else {
      window.__uzdevRetried = true;
      setError(null);
    }
  };
  const report = () => {
    console.error("Issue report", {
      message: error.message || fallbackMessage,
      stack: error.stack,
      timestamp: new Date().toISOString(),
      userAgent: navigator.userAgent,
      url: window.location.href,
    });
  };
  return (
    <div
      role="alert"
      style={{
        position: "fixed",
        inset: 0,
        zIndex: 2000,
        background: "#f8fafc",
        display: "flex",
        alignItems: "center",
        justifyContent: "center",
        padding: "24px",
      }}
    >
      <div style={{ maxWidth: "520px", textAlign: "center", color: "#0f172a" }}>
        <h1 style={{ fontSize: "28px", fontWeight: 700, marginBottom: "12px" }}>{title}</h1>
        <p style={{ color: "#475569", marginBottom: "24px", wordBreak: "break-word" }}>
          {error.message || fallbackMessage}
        </p>
        <div style={{ display: "flex", gap: "12px", justifyContent: "center", flexWrap: "wrap" }}>
          <ScreenButton onClick={tryAgain} primary>
            {tryAgainLabel}
          </ScreenButton>
          <ScreenButton onClick={report}>{reportLabel}</ScreenButton>
        </div>
      </div>
    </div>
  );
}

const SCREEN_BUTTON = {
  minHeight: "44px",
  padding: "0 20px",
  borderRadius: "10px",
  fontSize: "16px",
  fontWeight: 600,
  cursor: "pointer",
};

// One of the error screen's buttons: filled (primary) or outlined, in the site's blue.
function ScreenButton({ onClick, primary = false, children }) {
  const colours = primary
    ? { background: "#1d4ed8", color: "#fff", border: "none" }
    : { background: "#fff", color: "#1d4ed8", border: "1px solid #1d4ed8" };
  return (
    <button type="button" onClick={onClick} style={{ ...SCREEN_BUTTON, ...colours }}>
      {children}
    </button>
  );
}

// A full-page indicator while a route's code loads. It waits a moment before showing,
// so fast navigations do not flash.
export function PageLoadingIndicator({ label, delayMs = 150 }) {
  const navigation = useNavigation();
  const loading = navigation.state === "loading";
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!loading) {
      setVisible(false);
      return undefined;
    }
    const timer = window.setTimeout(() => setVisible(true), delayMs);
    return () => window.clearTimeout(timer);
  }, [loading, delayMs]);
  if (!visible) return null;
  return <LoadingScreen label={label} />;
}

export function LoadingScreen({ label }) {
  return (
    <div
      role="status"
      aria-live="polite"
      style={{
        position: "fixed",
        inset: 0,
        zIndex: 1500,
        background: "rgba(248, 250, 252, 0.92)",
        display: "flex",
        flexDirection: "column",
        alignItems: "center",
        justifyContent: "center",
        gap: "16px",
        color: "#0f172a",
        fontSize: "18px",
      }}
    >
      <span className="uzdev-spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

// Two children: what shows until `ready` turns true, then what shows once it is. The
// second is rendered by React in the background (a deferred render, done in slices with
// the browser free in between) instead of in the render that turned `ready` true: a
// state update from the server renders at once, in one task however big (Reflex's store
// is a useSyncExternalStore), so a page whose sections all fill in with its data would
// block the browser for that whole render. Already `ready` when mounted: at once.
export function RenderWhenReady({ ready, children }) {
  const shown = useDeferredValue(ready);
  const [before, after] = React.Children.toArray(children);
  return ready && shown ? after : before;
}

// A list's items in slices: the first `first` (what fills a phone's first screen and more)
// in the render that brings them, then `step` more per task, each after the browser has
// painted (a frame, then a task), until all `total` are in. One commit of a whole list of
// cards (hundreds of elements, then their style and layout) is one long task; slices are
// short ones, and what sits below the first screen arrives before anyone scrolls to it
// (nothing in view moves: the list grows below the fold). Items already shown stay shown
// when the list changes (a filter, "Load more"); new ones beyond them come in slices.
// Each item is a `SliceItem` with its position: Reflex renders a list's `rx.foreach` in a
// memoised component of its own, so the count reaches the items through a context.
const SliceShown = React.createContext(Number.POSITIVE_INFINITY);

export function SlicedList({ total = 0, first = 6, step = 6, children }) {
  const [shown, setShown] = useState(first);
  useEffect(() => {
    if (shown >= total) return undefined;
    let done = false;
    let timer = 0;
    const more = () => {
      if (done) return;
      done = true;
      setShown((n) => n + step);
    };
    // A frame, then a task: the slice before is painted. The fallback timer serves a page
    // whose frames do not come (a tab in the background).
    const frame = window.requestAnimationFrame(() => { timer = window.setTimeout(more, 0); });
    const fallback = window.setTimeout(more, 100);
    return () => {
      done = true;
      window.cancelAnimationFrame(frame);
      window.clearTimeout(timer);
      window.clearTimeout(fallback);
    };
  }, [shown, total, step]);
  return <SliceShown.Provider value={shown}>{children}</SliceShown.Provider>;
}

// One item of a `SlicedList`: rendered once its slice has come (anywhere else: at once).
export function SliceItem({ index = 0, children }) {
  const shown = React.useContext(SliceShown);
  return index < shown ? children : null;
}

const BANNER_KEY = "uzdev_bannerClosed";

// The home-page banner: shown while scrolled less than `threshold` px and until closed
// (remembered for the browser session); closing plays a 0.3 s animation, then removes it.
export function DismissibleBanner({ children, closeLabel, threshold = 50 }) {
  const [phase, setPhase] = useState("visible");
  const [scrolledAway, setScrolledAway] = useState(false);

  useEffect(() => {
    if (window.sessionStorage.getItem(BANNER_KEY) === "1") setPhase("removed");
    const onScroll = () => setScrolledAway(window.scrollY >= threshold);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, [threshold]);

  useEffect(() => {
    if (phase !== "closing") return undefined;
    const timer = window.setTimeout(() => setPhase("removed"), 300);
    return () => window.clearTimeout(timer);
  }, [phase]);

  if (phase === "removed" || scrolledAway) return null;

  const close = (event) => {
    event.preventDefault();
    event.stopPropagation();
    window.sessionStorage.setItem(BANNER_KEY, "1");
    setPhase("closing");
  };
  return (
    <div
      className="uzdev-banner"
      data-phase={phase}
      style={{
        transition: "opacity 0.3s ease, transform 0.3s ease",
        opacity: phase === "closing" ? 0 : 1,
        transform: phase === "closing" ? "translateY(-100%)" : "none",
      }}
    >
      <div className="uzdev-banner-body">{children}</div>
      <button type="button" className="uzdev-banner-close" aria-label={closeLabel} onClick={close}>
        ×
      </button>
    </div>
  );
}

const GIS_SRC = "https://accounts.google.com/gsi/client";

// The "Sign in with Google" button of Google Identity Services. The script is added to
// the page only when this component is shown (the auth pages). The credential goes to
// `onCredential`; window.__uzdevGoogleCredential(token) feeds the same handler (tests).
export function GoogleSignIn({ clientId, mode, locale, onCredential }) {
  const holder = useRef(null);
  const callback = useRef(onCredential);
  callback.current = onCredential;

  useEffect(() => {
    const deliver = (credential) => callback.current && callback.current(credential || "");
    window.__uzdevGoogleCredential = deliver;
    if (!clientId) return undefined;
    const render = () => {
      const gis = window.google && window.google.accounts && window.google.accounts.id;
      if (!gis || !holder.current) return;
      gis.initialize({ client_id: clientId, callback: (r) => deliver(r && r.credential) });
      holder.current.innerHTML = "";
      gis.renderButton(holder.current, {
        theme: "outline",
        size: "large",
        shape: "pill",
        text: mode === "signup" ? "signup_with" : "signin_with",
        locale: locale || "en",
        width: 300,
      });
    };
    let script = document.querySelector("script[data-uzdev-gis]");
    if (!script) {
      script = document.createElement("script");
      script.src = GIS_SRC;
      script.async = true;
      script.defer = true;
      script.dataset.uzdevGis = "1";
      document.head.appendChild(script);
    }
    render();
    script.addEventListener("load", render);
    return () => {
      script.removeEventListener("load", render);
      if (window.__uzdevGoogleCredential === deliver) delete window.__uzdevGoogleCredential;
    };
  }, [clientId, mode, locale]);

  return <div ref={holder} className="uzdev-google-button" />;
}

const TELEGRAM_WIDGET_SRC = "https://telegram.org/js/telegram-widget.js?22";

// The Telegram Login Widget (https://core.telegram.org/widgets/login), shown only when the
// site has a bot. Its script draws the button where it stands, so it is added inside the
// holder. The signed user data goes to `onAuth`; window.__uzdevTelegramAuth(user) feeds the
// same handler (the widget calls it, and so do the tests, which cannot reach telegram.org).
export function TelegramLogin({ botName, lang, onAuth }) {
  const holder = useRef(null);
  const callback = useRef(onAuth);
  callback.current = onAuth;

  useEffect(() => {
    const deliver = (user) => callback.current && callback.current(user || {});
    window.__uzdevTelegramAuth = deliver;
    if (!botName || !holder.current) return undefined;
    holder.current.innerHTML = "";
    const script = document.createElement("script");
    script.src = TELEGRAM_WIDGET_SRC;
    script.async = true;
    script.dataset.telegramLogin = botName;
    script.dataset.size = "large";
    script.dataset.radius = "20";
    script.dataset.requestAccess = "write";
    script.dataset.lang = lang || "en";
    script.dataset.onauth = "window.__uzdevTelegramAuth(user)";
    holder.current.appendChild(script);
    return () => {
      if (window.__uzdevTelegramAuth === deliver) delete window.__uzdevTelegramAuth;
    };
  }, [botName, lang]);

  return <div ref={holder} className="uzdev-telegram-button" />;
}

// The site's answer to "is the server there?" (issue 40; Python: ui/components/connection.py,
// state/sent_writes.py). One live region, always in the page (a screen reader hears what
// is put in it), that says so:
// - while the websocket cannot connect (`offline`: Reflex's connection errors), or a page
//   has waited `waitMs` for its data (`loading`: not hydrated), or a write this page sent
//   has had no answer for `waitMs` (its note in localStorage under `notesKey`, written
//   before the event goes, erased by the event's answer): the server is there but does
//   not answer (Redis away). It clears by itself when the answer comes.
// - a write still unanswered `lostMs` after the page loaded its state again (a reconnect
//   to another node, or the server's state rebuilt) will never be answered: the message
//   names it (`lostText`, with {what}) until closed; its note is dropped. A note older than
//   `keepMs` (the member's past) is dropped unread.
export const WRITES_CHANGED = "uzdev-writes-changed";

function readNotes(key) {
  try {
    const notes = JSON.parse(window.localStorage.getItem(key) || "{}");
    return notes && typeof notes === "object" ? notes : {};
  } catch (error) {
    return {};
  }
}

export function ConnectionNotice({
  offline,
  loading,
  text,
  lostText,
  closeLabel,
  notesKey,
  waitMs = 6000,
  lostMs = 8000,
  keepMs = 600000,
  lang = "en",
}) {
  const [now, setNow] = useState(() => Date.now());
  const [lost, setLost] = useState([]);
  const loadingSince = useRef(null);
  const hydratedAt = useRef(0);

  if (loading && loadingSince.current === null) loadingSince.current = Date.now();
  if (!loading && loadingSince.current !== null) {
    loadingSince.current = null;
    hydratedAt.current = Date.now();
  }

  useEffect(() => {
    // A second's tick: what is late is decided by time passing, not by an event.
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    const changed = () => setNow(Date.now());
    window.addEventListener(WRITES_CHANGED, changed);
    window.addEventListener("storage", changed);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener(WRITES_CHANGED, changed);
      window.removeEventListener("storage", changed);
    };
  }, []);

  const notes = readNotes(notesKey);
  // A note older than `keepMs` is the member's past, not a current wait: dropped unread.
  const late = Object.values(notes).some((note) => {
    const age = now - Number(note.at || 0);
    return age > waitMs && age < keepMs;
  });

  useEffect(() => {
    // Notes sent before the page's state was loaded again and still unanswered well after.
    const since = hydratedAt.current;
    if (!since || loading || offline || now - since < lostMs) return;
    const current = readNotes(notesKey);
    const stale = Object.entries(current).filter(([, note]) => now - Number(note.at || 0) > keepMs);
    const gone = Object.entries(current).filter(([, note]) => Number(note.at || 0) < since
      && now - Number(note.at || 0) <= keepMs);
    if (gone.length === 0 && stale.length === 0) return;
    for (const [name] of [...gone, ...stale]) delete current[name];
    window.localStorage.setItem(notesKey, JSON.stringify(current));
    setLost((shown) => [...shown, ...gone.map(([name, note]) => ({ name, note }))]);
  }, [now, loading, offline, notesKey, lostMs, keepMs]);

  const waiting = offline || late || (loading && loadingSince.current !== null
    && now - loadingSince.current > waitMs);
  return (
    <div className="uzdev-connection" role="status" aria-live="polite">
      {waiting ? (
        <p className="uzdev-connection-note" data-testid="connection-banner">
          <span className="uzdev-spinner" aria-hidden="true" />
          <span>{text}</span>
        </p>
      ) : null}
      {lost.map(({ name, note }) => (
        <p className="uzdev-connection-note uzdev-connection-lost" key={name} data-testid="write-lost">
          <span>{lostText.replace("{what}", (note.what && note.what[lang]) || "")}</span>
          <button
            type="button"
            className="uzdev-connection-close"
            aria-label={closeLabel}
            onClick={() => setLost((shown) => shown.filter((item) => item.name !== name))}
          >
            ×
          </button>
        </p>
      ))}
    </div>
  );
}
