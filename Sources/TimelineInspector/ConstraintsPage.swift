// The constraint page (IN5): one HTML file with its script, served at `/constraints/TOKEN` by
// the inspector's server. It calls the Constraints domain by POSTing CDP requests to the same
// URL (InspectorServer.swift), so it works while DevTools holds the WebSocket. Text from the app
// (names, descriptions) is put in with `textContent`, never as HTML. `#node=ID` in the address
// picks the view to show.

enum ConstraintsPage {
    /// The page, its requests going to `/constraints/TOKEN`.
    static func html(token: String) -> String {
        template.replacingOccurrences(of: "__TOKEN__", with: token)
    }

    private static let template = #"""
    <!doctype html>
    <html lang="en"><head><meta charset="utf-8"><title>Constraints — Timeline inspector</title>
    <style>
      body { font: 13px system-ui, sans-serif; margin: 12px; color: #222; }
      h1 { font-size: 16px; margin: 0 0 8px; } h2 { font-size: 14px; margin: 16px 0 6px; }
      table { border-collapse: collapse; margin-bottom: 4px; } td, th { border: 1px solid #ddd; padding: 2px 6px; text-align: left; }
      th { background: #f3f3f3; } .attr { background: #eef4fb; font-weight: 600; }
      .binding { color: #0a6b2f; } .slack { color: #777; } .violated { color: #a86400; } .broken { color: #b00020; font-weight: 600; }
      .pending { color: #555; font-style: italic; } .box { border: 1px solid #ccc; padding: 6px 10px; margin: 6px 0; }
      .conflict { border-color: #b00020; } .ambiguous { border-color: #a86400; } input.constant { width: 70px; }
      #error { color: #b00020; } code { font-size: 12px; }
    </style></head>
    <body>
    <h1>Constraints</h1>
    <div>View: <select id="views"><option value="">(the node selected in DevTools)</option></select>
      <label><input type="checkbox" id="follow" checked> refresh every second</label>
      <button id="reload">Refresh</button></div>
    <div id="error"></div>
    <div id="report"></div>
    <script>
    "use strict";
    const endpoint = "/constraints/__TOKEN__";
    let nextId = 1, editing = false;
    async function call(method, params) {
      const response = await fetch(endpoint, { method: "POST", body: JSON.stringify({ id: nextId++, method, params: params || {} }) });
      const reply = await response.json();
      if (reply.error) throw new Error(reply.error.message);
      return reply.result;
    }
    function el(tag, text, cls) {
      const e = document.createElement(tag);
      if (text !== undefined && text !== null) e.textContent = String(text);
      if (cls) e.className = cls;
      return e;
    }
    function num(v) { return v === null || v === undefined ? "—" : (Math.round(v * 1000) / 1000).toString(); }
    async function loadViews() {
      const select = document.getElementById("views"), chosen = select.value;
      const result = await call("Constraints.listViews");
      while (select.options.length > 1) select.remove(1);
      for (const v of result.views) {
        const o = el("option", "\u00a0".repeat(2 * v.depth) + v.name + " (" + v.class + ")");
        o.value = String(v.nodeId);
        select.appendChild(o);
      }
      select.value = chosen;
    }
    async function setConstant(id, value) {
      try { await call("Constraints.setConstant", { constraintId: id, value: Number(value) }); }
      catch (e) { document.getElementById("error").textContent = e.message; }
      setTimeout(refresh, 100);
    }
    function frameBox(title, frame, alternative) {
      const [x, y, w, h] = frame.split(" ").map(Number), [ax, ay, aw, ah] = alternative.split(" ").map(Number);
      const minX = Math.min(x, ax), minY = Math.min(y, ay), maxX = Math.max(x + w, ax + aw), maxY = Math.max(y + h, ay + ah);
      const scale = 220 / Math.max(maxX - minX, maxY - minY, 1);
      const ns = "http://www.w3.org/2000/svg", svg = document.createElementNS(ns, "svg");
      svg.setAttribute("width", "240"); svg.setAttribute("height", String(20 + (maxY - minY) * scale));
      for (const [rx, ry, rw, rh, colour] of [[x, y, w, h, "#1a73e8"], [ax, ay, aw, ah, "#e8710a"]]) {
        const r = document.createElementNS(ns, "rect");
        r.setAttribute("x", String(10 + (rx - minX) * scale)); r.setAttribute("y", String(10 + (ry - minY) * scale));
        r.setAttribute("width", String(Math.max(1, rw * scale))); r.setAttribute("height", String(Math.max(1, rh * scale)));
        r.setAttribute("fill", "none"); r.setAttribute("stroke", colour); r.setAttribute("stroke-width", "2");
        svg.appendChild(r);
      }
      return svg;
    }
    function render(r) {
      const root = document.getElementById("report");
      root.replaceChildren();
      root.appendChild(el("h2", r.name + " — frame " + r.frame + (r.hasAmbiguousLayout ? " — ambiguous" : "")));
      if (!r.inLayout) { root.appendChild(el("p", "This view takes no part in Auto Layout.")); return; }
      for (const c of r.conflicts) {
        const box = el("div", null, "box conflict");
        box.appendChild(el("b", "Unsatisfiable: broke " + c.broken + " (frame " + c.frame + ")"));
        box.appendChild(el("p", c.reason));
        const list = el("ul");
        for (const m of c.conflicting) list.appendChild(el("li", m.description));
        box.appendChild(el("div", "It conflicts with:")); box.appendChild(list);
        root.appendChild(box);
      }
      if (r.ambiguity) {
        const a = r.ambiguity, box = el("div", null, "box ambiguous");
        box.appendChild(el("b", "Ambiguous: " + a.attributes.join(", ") + " can move"));
        box.appendChild(el("p", "Now " + a.frame + " (blue); the constraints allow just as well " + a.alternativeFrame
          + " (orange), which keeps all " + a.requiredChecked + " required constraints" + (a.violations.length ? " except " + a.violations.join("; ") : "") + "."));
        box.appendChild(frameBox("frames", a.frame, a.alternativeFrame));
        const exercise = el("button", "Exercise ambiguity (move it there)");
        exercise.onclick = async () => { await call("Constraints.exerciseAmbiguity", { nodeId: r.nodeId }); setTimeout(refresh, 100); };
        box.appendChild(el("div")).appendChild(exercise);
        root.appendChild(box);
      }
      const table = el("table"), head = el("tr");
      for (const t of ["constraint", "relation", "other item", "multiplier", "priority", "constant", "state", "offset"]) head.appendChild(el("th", t));
      table.appendChild(head);
      for (const a of r.attributes) {
        const row = el("tr"), cell = el("td", a.attribute + " = " + num(a.value) + (a.constraints.length ? "" : "  (no constraint)"), "attr");
        cell.colSpan = 8; row.appendChild(cell); table.appendChild(row);
        for (const c of a.constraints) {
          const tr = el("tr");
          tr.appendChild(el("td")).appendChild(el("code", c.description));
          tr.appendChild(el("td", c.relation));
          tr.appendChild(el("td", c.otherItem ? c.otherItem + "." + c.otherAttribute : "—"));
          tr.appendChild(el("td", num(c.multiplier)));
          tr.appendChild(el("td", c.priority >= 1000 ? "required" : num(c.priority)));
          const k = el("td");
          if (c.editable) {
            const input = el("input", null, "constant");
            input.type = "number"; input.step = "any"; input.value = String(c.constant);
            input.onfocus = () => { editing = true; }; input.onblur = () => { editing = false; };
            input.onchange = () => setConstant(c.constraintId, input.value);
            k.appendChild(input);
          } else { k.textContent = num(c.constant) + " (" + c.origin + ")"; }
          tr.appendChild(k);
          tr.appendChild(el("td", c.state, c.state));
          tr.appendChild(el("td", num(c.offset)));
          table.appendChild(tr);
        }
      }
      root.appendChild(table);
    }
    async function refresh() {
      if (editing) return;
      const value = document.getElementById("views").value;
      try {
        render(await call("Constraints.getForNode", value ? { nodeId: Number(value) } : {}));
        document.getElementById("error").textContent = "";
      } catch (e) { document.getElementById("error").textContent = e.message; }
    }
    document.getElementById("views").onchange = () => {
      const value = document.getElementById("views").value;
      history.replaceState(null, "", value ? "#node=" + value : "#");
      refresh();
    };
    document.getElementById("reload").onclick = async () => { await loadViews(); await refresh(); };
    setInterval(() => { if (document.getElementById("follow").checked) refresh(); }, 1000);
    // `#node=ID` in the address picks the view (the page keeps it there as the choice changes).
    loadViews().then(() => {
      const m = location.hash.match(/node=(\d+)/);
      if (m) document.getElementById("views").value = m[1];
      return refresh();
    }).catch(e => { document.getElementById("error").textContent = e.message; });
    </script>
    </body></html>
    """#
}
