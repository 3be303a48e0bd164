// The blog editor's toolbar: wraps the selected text of a textarea in Markdown syntax.
// Used by the My Blogs section (community_app/ui/pages/mypage.py).
window.uzdevWrap = function (id, before, after, placeholder) {
  const el = document.getElementById(id);
  if (!el) return;
  const start = el.selectionStart ?? el.value.length;
  const end = el.selectionEnd ?? el.value.length;
  const selected = el.value.slice(start, end) || placeholder || "";
  el.setRangeText(before + selected + after, start, end, "end");
  el.focus();
  el.setSelectionRange(start + before.length, start + before.length + selected.length);
};
