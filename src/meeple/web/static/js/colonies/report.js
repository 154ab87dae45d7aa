// A season's report, written by the server in Markdown, drawn as headings, lists and
// paragraphs. Built node by node with text only: whatever a player wrote (ravens, goals,
// events) stays text, so no tag in it can become an element.
import { h } from "../dom.js";

// **bold** spans inside a line; everything else is plain text.
function inline(text) {
  const out = [];
  const parts = text.split(/(\*\*[^*]+\*\*)/);
  for (const part of parts) {
    if (!part) continue;
    const m = /^\*\*([^*]+)\*\*$/.exec(part);
    out.push(m ? h("strong", { text: m[1] }) : document.createTextNode(part));
  }
  return out;
}

export function renderReport(markdown) {
  const box = [];
  let list = null, para = null;
  const end = () => { list = null; para = null; };
  for (const raw of String(markdown).split("\n")) {
    const line = raw.trimEnd();
    const head = /^(#{1,4})\s+(.*)$/.exec(line);
    const item = /^\s*[-*]\s+(.*)$/.exec(line);
    if (!line.trim()) { end(); continue; }
    if (head) {
      end();
      // Level 1-2 headings become h3 inside the panel (its own title is the h2).
      box.push(h(`h${Math.min(6, head[1].length + 2)}`, { class: "rep-head" }, ...inline(head[2])));
    } else if (item) {
      para = null;
      if (!list) { list = h("ul", { class: "rep-list" }); box.push(list); }
      list.append(h("li", {}, ...inline(item[1])));
    } else {
      list = null;
      if (!para) { para = h("p", {}); box.push(para); } else para.append(h("br"));
      para.append(...inline(line));
    }
  }
  return box;
}
