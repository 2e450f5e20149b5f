"""Frame time of the Heroscape 3D battlefield while the camera turns, in headless Chromium with
software WebGL (SwiftShader), at 390 x 844 with touch (a phone), on the largest published map
that imports (Castle_vs_elements.hsc, 669 hexes), at a person's turn (figures placed, the moves
shown), nothing else changing while measured. Before and after side by side in one run, on the
same page, alternating: "before" draws every frame at the device's pixel ratio (capped at 2) as
the page did until issue 37's last session; "after" draws at 1 device pixel a CSS pixel while the
camera moves (sharp again once still). Prints, per device pixel ratio and way: the median and 95th percentile time between frames drawn while the camera turns a
little every frame (the same call a drag makes), the median time spent in three.js's render call,
the frames per second that gives, and the page's memory (JS heap; three.js's geometries and
textures; the browser's renderer and GPU processes' resident memory).

    PYTHONPATH=TREE python bench/client/heroscape_3d_frames.py [--frames 60] [--rounds 2]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "hostile"))  # bench/hostile/hostile_kit.py

from hostile_kit import rss_mb  # noqa: E402

PORT = 8131
BASE = f"http://127.0.0.1:{PORT}"
SERVE = "import sys; from glyphhall.cli.main import run; sys.argv = ['glyphhall'] + sys.argv[1:]; run()"
MAP = ROOT / "tests" / "games" / "heroscape" / "virtualscape_maps" / "Castle_vs_elements.hsc"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-quic", "--no-first-run", "--use-angle=swiftshader",
                 "--enable-unsafe-swiftshader"]

TURN_AND_TIME = """async ([frames, coarse]) => {
  const v = document.querySelector('#hs-3d').hs3d;
  v.movingPixelRatio = coarse ? 1 : null;
  const gaps = [], draws = [];
  let before = Number(v.frames), last = performance.now();
  for (let i = 0; i < frames; i++) {
    v.turn(0.02);
    while (Number(v.frames) === before) await new Promise((r) => requestAnimationFrame(r));
    before = Number(v.frames);
    const now = performance.now();
    gaps.push(now - last); draws.push(v.drawMs); last = now;
  }
  const info = v.renderer.info;
  return { gaps, ratio: v.renderer.getPixelRatio(), draws, heap: performance.memory ? performance.memory.usedJSHeapSize : null,
           geometries: info.memory.geometries, textures: info.memory.textures, calls: info.render.calls,
           triangles: info.render.triangles };
}"""


def call(method: str, path: str, body: dict | None = None) -> dict:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(BASE + path, method=method, data=data, headers={"content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=120) as answer:
        return json.load(answer)


def table_at_my_turn(map_text: str) -> tuple[str, str]:
    """A table on the map of a person (random moves, over the websocket) and the random bot,
    played until it is the person's turn with a figure to move: nothing changes while measured.
    Answers (table id, the person's token)."""
    import random

    from websockets.sync.client import connect

    table = call("POST", "/api/tables", {"game": "heroscape", "seats": [{"kind": "person"}, {"kind": "bot", "bot": "random"}],
                                         "seed": 5, "practice": True, "options": {"map_text": map_text}})
    token = call("POST", f"/api/tables/{table['id']}/seats/0", {"name": "Ann"})["token"]
    call("POST", f"/api/tables/{table['id']}/start", {"token": token})
    rng = random.Random(5)
    with connect(BASE.replace("http", "ws", 1) + f"/ws/{table['id']}") as ws:
        ws.send(json.dumps({"type": "hello", "token": token}))
        for _ in range(5000):  # the state, then every update (the bot's moves too): no resyncs (rate-limited)
            msg = json.loads(ws.recv(timeout=120))
            if msg["type"] not in ("state", "update"):
                continue
            if msg["view"].get("reach"):
                return table["id"], token
            if msg["legal"]:
                ws.send(json.dumps({"type": "act", "text": rng.choice(msg["legal"]), "ref": 1}))
    raise RuntimeError("no turn of the person's with a figure to move came up")


def browser_rss_mb(browser) -> dict:
    """Resident memory of Chromium's processes by kind (renderer: the page; gpu: its drawing), in
    MB, from the process list the browser gives (CDP SystemInfo.getProcessInfo) and /proc."""
    session = browser.new_browser_cdp_session()
    kinds: dict[str, float] = {}
    for proc in session.send("SystemInfo.getProcessInfo")["processInfo"]:
        try:
            status = Path(f"/proc/{proc['id']}/status").read_text()
        except OSError:
            continue
        rss = next((int(line.split()[1]) for line in status.splitlines() if line.startswith("VmRSS:")), 0)
        kinds[proc["type"]] = round(kinds.get(proc["type"], 0) + rss / 1024, 1)
    session.detach()
    return kinds


def measure(page, frames: int, coarse: bool) -> dict:
    got = page.evaluate(TURN_AND_TIME, [frames, coarse])
    gaps = sorted(got["gaps"][5:])  # the first frames warm up the shaders
    median = statistics.median(gaps)
    return {"frames": len(gaps), "median_frame_ms": round(median, 1), "p95_frame_ms": round(gaps[int(len(gaps) * 0.95) - 1], 1),
            "fps_median": round(1000 / median, 1), "median_render_call_ms": round(statistics.median(got["draws"][5:]), 2),
            "js_heap_mb": round(got["heap"] / 2**20, 1) if got["heap"] else None, "geometries": got["geometries"],
            "textures": got["textures"], "draw_calls": got["calls"], "triangles": got["triangles"],
            "pixel_ratio_while_turning": got["ratio"]}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--frames", type=int, default=60)
    parser.add_argument("--rounds", type=int, default=2, help="before/after pairs per device pixel ratio")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    from glyphhall.games.heroscape.map_files import read_map_file

    map_text = read_map_file(MAP.read_bytes(), MAP.name).text
    with tempfile.TemporaryDirectory() as tmp:
        server = subprocess.Popen([sys.executable, "-c", SERVE, "serve", "--port", str(PORT), "--db", f"sqlite:///{tmp}/hall.db"],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            for _ in range(600):  # a loaded machine starts the server slowly
                try:
                    call("GET", "/healthz")
                    break
                except OSError:
                    time.sleep(0.2)
            table_id, token = table_at_my_turn(map_text)
            results = {"map": MAP.name, "server_rss_mb": None, "load_average_before": os.getloadavg()}
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
                for dpr in (2, 3):
                    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True,
                                              device_scale_factor=dpr)
                    seat = json.dumps({"seat": None, "token": token})
                    ctx.add_init_script(f"localStorage.setItem('glyphhall.hs-view', '3d'); localStorage.setItem('glyphhall.seat.{table_id}', {json.dumps(seat)})")
                    page = ctx.new_page()
                    page.set_default_timeout(120_000)
                    page.goto(f"{BASE}/t/{table_id}")
                    page.wait_for_function("() => document.querySelectorAll('#hs-3d-shown .hs3d-figure').length >= 2")
                    page.evaluate("() => document.querySelector('#hs-3d').scrollIntoView({block: 'start'})")
                    runs: dict[str, list[dict]] = {"before": [], "after": []}
                    for _ in range(args.rounds):
                        for way in ("before", "after"):
                            runs[way].append(measure(page, args.frames, coarse=way == "after"))
                            page.wait_for_timeout(300)  # the sharp frame after the turn
                    for way, found in runs.items():
                        results[f"dpr_{dpr}_{way}"] = {
                            "median_frame_ms_by_round": [r["median_frame_ms"] for r in found],
                            "median_frame_ms": statistics.median(r["median_frame_ms"] for r in found),
                            "fps_median": round(1000 / statistics.median(r["median_frame_ms"] for r in found), 1),
                            "p95_frame_ms": max(r["p95_frame_ms"] for r in found),
                            "median_render_call_ms": statistics.median(r["median_render_call_ms"] for r in found),
                            **{k: found[-1][k] for k in ("draw_calls", "triangles", "geometries", "textures", "js_heap_mb",
                                                         "pixel_ratio_while_turning")}}
                    results[f"dpr_{dpr}_scene"] = {"hexes": page.locator("#hs-3d-shown .hs3d-hex").count(),
                                                   "figures": page.locator("#hs-3d-shown .hs3d-figure").count(),
                                                   "chromium_rss_mb": browser_rss_mb(browser)}
                    ctx.close()
                browser.close()
            results["server_rss_mb"] = round(rss_mb(server.pid), 1)
            results["load_average_after"] = os.getloadavg()
            print(json.dumps(results, indent=1))
        finally:
            server.terminate()
            server.wait()


if __name__ == "__main__":
    main()
