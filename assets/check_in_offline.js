// The check-in page without a network (assets/check_in_offline.html, issue 47): its texts.
// The online page (ui/pages/admin/check_in.py) carries them from the catalog in both
// languages (#door-texts: {"en": {"<element id>|<attribute or text>": "..."}, "uz": ...});
// assets/check_in_door.js keeps them on the phone ("uzdev_doorTexts"); here they are put
// in place, in the language the member chose, before the door and the scanner start.
(function () {
  var lang = "en";
  try {
    var chosen = localStorage.getItem("uzdev_lang") || "";
    if (chosen.replace(/"/g, "") === "uz") lang = "uz";
  } catch (e) { /* storage refused: English */ }
  var texts = {};
  try { texts = JSON.parse(localStorage.getItem("uzdev_doorTexts") || "{}")[lang] || {}; }
  catch (e) { texts = {}; }
  document.documentElement.lang = lang;
  Object.keys(texts).forEach(function (key) {
    var parts = key.split("|");
    var node = document.getElementById(parts[0]);
    if (!node) return;
    if (parts[1] === "text") node.textContent = texts[key];
    else node.setAttribute(parts[1], texts[key]);
  });
  if (texts["door-title|text"]) document.title = texts["door-title|text"];
  var back = document.getElementById("door-back-online");
  if (back) back.href = location.pathname;
})();
