// The server's updates as patches (docs/server.md, "Updates"): an RFC 6902 JSON Patch from
// the payload this page holds to the new one. The server sends four of its operations
// (add, remove, replace, copy), at JSON Pointers (RFC 6901: "~1" is "/", "~0" is "~").
// The Python side of the same is meeple.server.patch (tests/test_server_patch.py); this one
// runs in every browser test of the table, and tests/test_web_updates.py checks the
// payloads it rebuilt.

export class PatchError extends Error {}

function tokens(path) {
  if (path === "") return [];
  if (path[0] !== "/") throw new PatchError(`a JSON Pointer begins with "/": ${path}`);
  const out = path.slice(1).split("/").map((t) => t.replace(/~1/g, "/").replace(/~0/g, "~"));
  // No view has such a member; taken, it would reach the objects' shared prototype.
  if (out.includes("__proto__")) throw new PatchError("a path through __proto__");
  return out;
}

function index(token, size, adding) {
  if (token === "-" && adding) return size;
  if (!/^(0|[1-9][0-9]*)$/.test(token)) throw new PatchError(`"${token}" is not an index of a list`);
  const i = Number(token);
  if (i > size || (i === size && !adding)) throw new PatchError(`index ${i} is beyond a list of ${size}`);
  return i;
}

const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
const has = (o, k) => Object.prototype.hasOwnProperty.call(o, k);

function get(doc, path) {
  for (const t of path) {
    if (Array.isArray(doc)) doc = doc[index(t, doc.length, false)];
    else if (isObject(doc)) {
      if (!has(doc, t)) throw new PatchError(`no member "${t}"`);
      doc = doc[t];
    } else throw new PatchError(`"${t}" goes into a value that is neither a list nor an object`);
  }
  return doc;
}

// `doc` with the operations applied in order, changed in place (the result is returned: a
// path of "" replaces the whole document). Throws PatchError naming the problem.
export function applyPatch(doc, ops) {
  for (const op of ops) {
    const path = tokens(String(op.path ?? ""));
    let value;
    if (op.op === "copy") value = structuredClone(get(doc, tokens(String(op.from ?? ""))));
    else if (op.op === "add" || op.op === "replace") {
      if (!has(op, "value")) throw new PatchError(`a ${op.op} without a value`);
      value = op.value;
    } else if (op.op !== "remove") throw new PatchError(`an operation this page does not know: ${op.op}`);
    if (!path.length) {
      if (op.op === "remove") throw new PatchError("the whole document cannot be removed");
      doc = value;
      continue;
    }
    const parent = get(doc, path.slice(0, -1)), last = path[path.length - 1];
    if (Array.isArray(parent)) {
      const i = index(last, parent.length, op.op === "add" || op.op === "copy");
      if (op.op === "remove") parent.splice(i, 1);
      else if (op.op === "replace") parent[i] = value;
      else parent.splice(i, 0, value);
    } else if (isObject(parent)) {
      if ((op.op === "remove" || op.op === "replace") && !has(parent, last)) {
        throw new PatchError(`no member "${last}" to ${op.op}`);
      }
      if (op.op === "remove") delete parent[last];
      else parent[last] = value;
    } else throw new PatchError(`${op.path} goes into a value that is neither a list nor an object`);
  }
  return doc;
}
