#!/usr/bin/env node
'use strict';
/**
 * make-demo-clip.js: renders Swishly's looping 9:16 product demo clip.
 *
 *   node scripts/assets/make-demo-clip.js [--keep-frames] [--frame=<n>]
 *
 * What it shows: a stylised player (slate silhouette + pose-tracking skeleton, side view) dips,
 * rises and shoots; the app's overlays track the balance line, the live elbow angle, the release
 * point (height and launch angle), the ball's arc and the follow-through; the ball swishes, a
 * "Shot score 8.6/10" chip pops in, and the ball bounces back into the player's hands, so the
 * last frame flows into the first (seamless loop, 6 s at 30 fps, 540x960).
 *
 * How: every frame is drawn on an HTML canvas in headless Chromium (playwright-core from the
 * root node_modules + /usr/bin/chromium, or CHROMIUM_PATH), exported as PNG into a temp dir,
 * then encoded by ffmpeg (must be on PATH):
 *   frontend/public/media/demo.webm        VP9, no audio
 *   frontend/public/media/demo.mp4         H.264 High, yuv420p, +faststart, no audio
 *   frontend/public/media/demo-poster.webp a representative frame (t = 3.2 s)
 * The brand wordmark is read from frontend/public/brand/logo-for-dark-theme.svg (run
 * make-brand-assets.js first). --frame=<n> only writes /tmp/swishly-demo-frame-<n>.png (preview);
 * --keep-frames leaves the PNG frames in the temp dir.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { launch } = require('./lib/browser');

const W = 540,
  H = 960,
  FPS = 30,
  SECONDS = 6;
const FRAMES = FPS * SECONDS;
const POSTER_T = 3.2;
const PUBLIC = path.resolve(__dirname, '../../frontend/public');
const OUT = path.join(PUBLIC, 'media');

/* =====================================================================================
 * Everything inside scene() runs in the browser page. It defines window.drawFrame(t).
 * ===================================================================================== */
function scene(W, H, DURATION, logoDataUrl) {
  const cv = document.getElementById('c');
  const ctx = cv.getContext('2d');
  const logo = new Image();
  logo.src = logoDataUrl;
  window.logoReady = new Promise((res) => {
    logo.onload = res;
    logo.onerror = res;
  });

  const FONT = '"Liberation Sans", Arial, Helvetica, sans-serif';
  const C = { orange: '#FF7A1A', orangeL: '#FFA04A', blue: '#3D8BFF', cyan: '#4CC9FF', white: '#F5F7FB', green: '#3DDC97', ink: '#0A0E17' };
  const PX_PER_M = 170,
    FLOOR = 850,
    G = 1666; // px/s^2 (9.8 m/s^2 at 170 px/m)
  const BALL_R = 20;

  /* ---------------- maths helpers */
  const clamp = (v, a, b) => Math.max(a, Math.min(b, v));
  const lerp = (a, b, u) => a + (b - a) * u;
  const ease = (u) => (u < 0.5 ? 4 * u * u * u : 1 - Math.pow(-2 * u + 2, 3) / 2);
  const smooth = (a, b, t) => {
    const u = clamp((t - a) / (b - a), 0, 1);
    return u * u * (3 - 2 * u);
  };
  /** Fade in over [a, a+f], out over [b-f, b]. */
  const win = (t, a, b, f = 0.2) => Math.min(smooth(a, a + f, t), 1 - smooth(b - f, b, t));
  const V = (x, y) => ({ x, y });
  const add = (a, b) => V(a.x + b.x, a.y + b.y);
  const rot = (v, deg) => {
    const r = (deg * Math.PI) / 180,
      c = Math.cos(r),
      s = Math.sin(r);
    return V(v.x * c - v.y * s, v.x * s + v.y * c);
  };
  const angDeg = (a, b) => (Math.atan2(b.y - a.y, b.x - a.x) * 180) / Math.PI;

  /** Piecewise eased keyframes: keys = [[t, v0, v1, ...], ...]; returns the values at t. */
  const easeOut = (u) => 1 - Math.pow(1 - u, 3);
  function track(keys, easings = []) {
    return (t) => {
      if (t <= keys[0][0]) return keys[0].slice(1);
      for (let i = 0; i < keys.length - 1; i++) {
        const a = keys[i],
          b = keys[i + 1];
        if (t <= b[0]) {
          const u = (easings[i] || ease)((t - a[0]) / (b[0] - a[0]));
          return a.slice(1).map((v, j) => lerp(v, b[j + 1], u));
        }
      }
      return keys[keys.length - 1].slice(1);
    };
  }

  /** Two-bone IK: returns the middle joint (and the clamped end) choosing the bend toward pref. */
  function ik(S, T, l1, l2, pref) {
    const dx = T.x - S.x,
      dy = T.y - S.y;
    let d = Math.hypot(dx, dy);
    const dd = clamp(d, Math.abs(l1 - l2) + 0.01, l1 + l2 - 0.01);
    const a = Math.atan2(dy, dx);
    const off = Math.acos(clamp((l1 * l1 + dd * dd - l2 * l2) / (2 * l1 * dd), -1, 1));
    const c1 = V(S.x + l1 * Math.cos(a + off), S.y + l1 * Math.sin(a + off));
    const c2 = V(S.x + l1 * Math.cos(a - off), S.y + l1 * Math.sin(a - off));
    const score = (c) => (c.x - S.x) * pref.x + (c.y - S.y) * pref.y;
    const E = score(c1) >= score(c2) ? c1 : c2;
    const end = V(S.x + (dx / (d || 1)) * dd, S.y + (dy / (d || 1)) * dd);
    return { E, T: end };
  }

  /* ---------------- body model (side view, facing right; px) */
  const L = { shin: 84, thigh: 84, torso: 94, neck: 37, head: 19, upper: 56, fore: 48, hand: 15 };
  const HIP_X = 130,
    HIP_Y = 670,
    ANKLE_Y = FLOOR - 14;
  const FEET = { far: 112, near: 146 };
  const T_REL = 1.72; // release
  const T_TAKEOFF = 1.38,
    T_LAND = 2.12,
    JUMP_H = 46;

  const dipTrack = track(
    [
      [0, 0],
      [0.25, 6],
      [0.6, 0],
      [1.05, 34],
      [1.4, -6],
      [2.05, -6],
      [2.22, 26],
      [2.6, 8],
      [3.2, 3],
      [4.1, 9],
      [4.9, 3],
      [5.6, 12],
      [5.9, 5],
      [6, 0],
    ],
    [easeOut],
  );
  const leanTrack = track([
    [0, 6],
    [0.55, 6],
    [1.05, 11],
    [1.5, 2],
    [2.1, 2],
    [2.35, 7],
    [6, 6],
  ]);
  const air = (t) => (t > T_TAKEOFF && t < T_LAND ? 4 * JUMP_H * ((t - T_TAKEOFF) / (T_LAND - T_TAKEOFF)) * (1 - (t - T_TAKEOFF) / (T_LAND - T_TAKEOFF)) : 0);

  // ball relative to shoulder while held, wrist relative to ball while held
  const heldBall = track(
    [
      [0, 55, 35],
      [0.22, 49, 43],
      [0.6, 56, 33],
      [1.05, 52, 52],
      [1.45, 26, -92],
      [T_REL, 46, -120],
    ],
    [easeOut],
  ); // catch 'gives' a little
  const heldWrist = track([
    [0, -16, 14],
    [1.05, -16, 14],
    [1.45, -7, 22],
    [T_REL, -5, 22],
  ]);
  const wristAfter = track([
    [T_REL, 41, -98],
    [1.9, 47, -100],
    [3.05, 47, -100],
    [3.45, 70, -28],
    [3.9, 12, 99],
    [5.35, 14, 98],
    [6, 39, 49],
  ]);
  const handAfter = track([
    [T_REL, -80],
    [1.88, 42],
    [3.05, 42],
    [3.9, 82],
    [5.4, 78],
    [6, -41],
  ]);
  const prefTrack = track([
    [0, -0.3, 1],
    [1.05, -0.3, 1],
    [1.35, 0.6, 0.8],
    [3.05, 0.6, 0.8],
    [3.7, -0.25, 1],
    [5.5, -0.25, 1],
    [6, -0.3, 1],
  ]);
  const guideAfter = track([
    [T_REL, 40, -108],
    [2.1, 34, -66],
    [3.0, 30, -46],
    [3.9, 2, 99],
    [5.4, 4, 98],
    [6, 47, 47],
  ]);

  let G0 = null; // guide-hand angle at t = 0, so the loop closes
  function guideHand(t) {
    if (G0 === null) {
      const p0 = pose(0);
      G0 = angDeg(p0.guide.wrist, p0.ball);
    }
    return track([
      [T_REL, -60],
      [2.2, -60],
      [3.9, 80],
      [5.4, 80],
      [6, G0],
    ])(t)[0];
  }

  function pose(t) {
    const dip = dipTrack(t)[0],
      a = air(t),
      lean = leanTrack(t)[0];
    const hip = V(HIP_X + dip * 0.25, HIP_Y + dip - a);
    const shoulder = add(hip, rot(V(0, -L.torso), lean));
    const head = add(shoulder, rot(V(5, -L.neck), lean * 0.6));
    const flex = clamp(a / 18, 0, 1) * 50; // toes point down in the air
    const leg = (fx, side) => {
      const ankle = V(fx + (a > 0 ? 6 : 0) * clamp(a / 18, 0, 1), ANKLE_Y - a);
      const { E: knee, T: ank } = ik(hip, ankle, L.thigh, L.shin, V(1, 0.1));
      const heel = add(ank, rot(V(-9, 12), flex));
      const toe = add(ank, rot(V(31, 13), flex));
      return { hip, knee, ankle: ank, heel, toe, side };
    };
    const legs = { far: leg(FEET.far, 'far'), near: leg(FEET.near, 'near') };

    let ball,
      wristT,
      handAng,
      held = t < T_REL;
    if (held) {
      const rb = heldBall(t),
        ro = heldWrist(t);
      ball = add(shoulder, V(rb[0], rb[1]));
      wristT = add(ball, V(ro[0], ro[1]));
    } else {
      const w = wristAfter(t);
      wristT = add(shoulder, V(w[0], w[1]));
    }
    const pr = prefTrack(t);
    const arm = ik(shoulder, wristT, L.upper, L.fore, V(pr[0], pr[1]));
    const wrist = arm.T;
    if (held) handAng = angDeg(wrist, ball);
    else handAng = handAfter(t)[0];
    const handTip = add(wrist, rot(V(L.hand + 4, 0), handAng));

    // guide (far) arm
    const farShoulder = add(shoulder, V(-5, 3));
    let gT;
    if (held) gT = add(ball, V(-8, 12));
    else {
      const g = guideAfter(t);
      gT = add(shoulder, V(g[0], g[1]));
    }
    if (!held && t < 2.1) {
      // blend from the release position
      const rel = releaseState();
      const from = add(rel.ball, V(-8, 12));
      gT = V(lerp(from.x, gT.x, ease((t - T_REL) / (2.1 - T_REL))), lerp(from.y, gT.y, ease((t - T_REL) / (2.1 - T_REL))));
    }
    const g = ik(farShoulder, gT, L.upper, L.fore, V(0.2, 1));
    const gAng = held ? angDeg(g.T, ball) : guideHand(t);
    const guide = { shoulder: farShoulder, elbow: g.E, wrist: g.T, tip: add(g.T, rot(V(L.hand + 2, 0), gAng)) };

    const elbowAngle = (() => {
      const a1 = angDeg(arm.E, shoulder),
        a2 = angDeg(arm.E, wrist);
      let d = Math.abs(a1 - a2) % 360;
      return d > 180 ? 360 - d : d;
    })();
    return { hip, shoulder, head, legs, arm: { shoulder, elbow: arm.E, wrist, tip: handTip }, guide, ball, held, elbowAngle, air: a };
  }

  /* ---------------- ball after release (physics-ish, closed loop) */
  const RIM = { x: 441, y: 331, rx: 38 };
  let REL = null;
  function releaseState() {
    if (!REL) {
      const t = T_REL - 1e-6;
      const p = pose(t);
      REL = { ball: p.ball, height: (FLOOR - p.ball.y) / PX_PER_M };
    }
    return REL;
  }
  const FLIGHT = 0.7; // s, release -> rim centre
  const T_RIM = T_REL + FLIGHT,
    T_NET = T_RIM + 0.16;
  const BOUNCES = [3.31, 4.46, 5.4];
  const BX = [RIM.x, 372, 300];
  function ballState(t, p) {
    if (t < T_REL) return { pos: p.ball, spin: 0 };
    const r = releaseState().ball;
    const tgt = V(RIM.x, RIM.y - 4);
    if (t < T_RIM) {
      const u = t - T_REL;
      const vx = (tgt.x - r.x) / FLIGHT,
        vy = (tgt.y - r.y - 0.5 * G * FLIGHT * FLIGHT) / FLIGHT;
      return { pos: V(r.x + vx * u, r.y + vy * u + 0.5 * G * u * u), spin: -u * 720, vx, vy };
    }
    const netBottom = RIM.y + 70;
    if (t < T_NET) {
      // through the net, slowed down
      const u = (t - T_RIM) / (T_NET - T_RIM);
      return { pos: V(lerp(tgt.x, RIM.x, u), lerp(tgt.y, netBottom, u)), spin: -FLIGHT * 720 - u * 60 };
    }
    const catchPos = pose(0).ball; // the loop closes: the catch is the t = 0 hold
    const fallEnd = BOUNCES[0];
    const y0f = FLOOR - BALL_R;
    const seg = (x0, y0, x1, y1, ta, tb, t) => {
      // ballistic between two points
      const T = tb - ta,
        u = t - ta;
      const vy = (y1 - y0 - 0.5 * G * T * T) / T;
      return V(lerp(x0, x1, u / T), y0 + vy * u + 0.5 * G * u * u);
    };
    const spin0 = -FLIGHT * 720 - 60;
    if (t < fallEnd) return { pos: seg(RIM.x, netBottom, BX[0], y0f, T_NET, fallEnd, t), spin: spin0 };
    if (t < BOUNCES[1]) return { pos: seg(BX[0], y0f, BX[1], y0f, BOUNCES[0], BOUNCES[1], t), spin: spin0 - (t - fallEnd) * 300 };
    if (t < BOUNCES[2]) return { pos: seg(BX[1], y0f, BX[2], y0f, BOUNCES[1], BOUNCES[2], t), spin: spin0 - (t - fallEnd) * 300 };
    return {
      pos: seg(BX[2], y0f, catchPos.x, catchPos.y, BOUNCES[2], DURATION, t),
      spin: (spin0 - (BOUNCES[2] - fallEnd) * 300) * (1 - smooth(BOUNCES[2], DURATION, t)),
    };
  }

  /* ---------------- drawing helpers */
  function line(pts, w, color, alpha = 1) {
    ctx.save();
    ctx.globalAlpha *= alpha;
    ctx.strokeStyle = color;
    ctx.lineWidth = w;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.beginPath();
    ctx.moveTo(pts[0].x, pts[0].y);
    for (const p of pts.slice(1)) ctx.lineTo(p.x, p.y);
    ctx.stroke();
    ctx.restore();
  }
  function dot(p, r, fill, stroke, sw = 2) {
    ctx.beginPath();
    ctx.arc(p.x, p.y, r, 0, Math.PI * 2);
    if (fill) {
      ctx.fillStyle = fill;
      ctx.fill();
    }
    if (stroke) {
      ctx.strokeStyle = stroke;
      ctx.lineWidth = sw;
      ctx.stroke();
    }
  }
  function roundRect(x, y, w, h, r) {
    ctx.beginPath();
    ctx.moveTo(x + r, y);
    ctx.arcTo(x + w, y, x + w, y + h, r);
    ctx.arcTo(x + w, y + h, x, y + h, r);
    ctx.arcTo(x, y + h, x, y, r);
    ctx.arcTo(x, y, x + w, y, r);
    ctx.closePath();
  }
  /** A label pill: parts = [[text, color], ...]. anchor 'l' | 'r' | 'c'. Returns its box. */
  function pill(x, y, parts, { alpha = 1, size = 19, accent = C.orange, anchor = 'l', scale = 1 } = {}) {
    if (alpha <= 0.001) return;
    ctx.save();
    ctx.globalAlpha *= alpha;
    ctx.font = `700 ${size}px ${FONT}`;
    const widths = parts.map(([s]) => ctx.measureText(s).width);
    const gap = 7,
      padX = 12,
      h = size + 16;
    const w = widths.reduce((a, b) => a + b, 0) + gap * (parts.length - 1) + padX * 2 + 4;
    const x0 = anchor === 'r' ? x - w : anchor === 'c' ? x - w / 2 : x;
    ctx.translate(x0 + w / 2, y);
    ctx.scale(scale, scale);
    ctx.translate(-(x0 + w / 2), -y);
    roundRect(x0, y - h / 2, w, h, h / 2);
    ctx.fillStyle = 'rgba(8,12,22,0.82)';
    ctx.fill();
    ctx.strokeStyle = accent;
    ctx.globalAlpha *= 0.9;
    ctx.lineWidth = 1.5;
    ctx.stroke();
    ctx.globalAlpha /= 0.9;
    dot(V(x0 + padX + 1, y), 3.5, accent);
    let cx = x0 + padX + 10;
    ctx.textBaseline = 'middle';
    parts.forEach(([s, col], i) => {
      ctx.fillStyle = col || C.white;
      ctx.fillText(s, cx, y + 1);
      cx += widths[i] + gap;
    });
    ctx.restore();
  }

  /* ---------------- static background (drawn once, reused) */
  const bg = document.createElement('canvas');
  bg.width = W;
  bg.height = H;
  (function drawBackground() {
    const b = bg.getContext('2d');
    let g = b.createLinearGradient(0, 0, 0, H);
    g.addColorStop(0, '#070B14');
    g.addColorStop(0.6, '#0A1020');
    g.addColorStop(1, '#0D1528');
    b.fillStyle = g;
    b.fillRect(0, 0, W, H);
    g = b.createRadialGradient(120, 560, 0, 120, 560, 420);
    g.addColorStop(0, 'rgba(47,107,255,0.20)');
    g.addColorStop(1, 'rgba(47,107,255,0)');
    b.fillStyle = g;
    b.fillRect(0, 0, W, H);
    g = b.createRadialGradient(RIM.x, RIM.y, 0, RIM.x, RIM.y, 260);
    g.addColorStop(0, 'rgba(255,122,26,0.22)');
    g.addColorStop(0.5, 'rgba(255,106,16,0.06)');
    g.addColorStop(1, 'rgba(255,106,16,0)');
    b.fillStyle = g;
    b.fillRect(0, 0, W, H);
    // tracking grid (dots)
    b.fillStyle = 'rgba(150,180,255,0.07)';
    for (let y = 110; y < FLOOR - 10; y += 30) for (let x = 15; x < W; x += 30) b.fillRect(x, y, 2, 2);
    // floor
    g = b.createLinearGradient(0, FLOOR, 0, H);
    g.addColorStop(0, '#141F38');
    g.addColorStop(1, '#0B1224');
    b.fillStyle = g;
    b.fillRect(0, FLOOR, W, H - FLOOR);
    b.fillStyle = 'rgba(61,139,255,0.10)'; // painted lane, seen edge-on
    b.beginPath();
    b.moveTo(330, FLOOR);
    b.lineTo(W, FLOOR);
    b.lineTo(W, H);
    b.lineTo(230, H);
    b.closePath();
    b.fill();
    b.strokeStyle = 'rgba(185,200,240,0.28)';
    b.lineWidth = 2;
    b.beginPath();
    b.moveTo(0, FLOOR + 0.5);
    b.lineTo(W, FLOOR + 0.5);
    b.stroke();
    b.strokeStyle = 'rgba(185,200,240,0.16)';
    b.beginPath();
    b.moveTo(330, FLOOR);
    b.lineTo(230, H);
    b.moveTo(0, 905);
    b.lineTo(W, 905);
    b.stroke();
    // stanchion + backboard (side view)
    b.fillStyle = '#1A2438';
    b.fillRect(526, 210, 14, FLOOR - 210);
    b.fillStyle = '#24324F';
    b.fillRect(508, 244, 24, 8);
    b.fillStyle = 'rgba(200,215,255,0.55)';
    b.fillRect(503, 172, 6, 186);
    b.fillStyle = 'rgba(200,215,255,0.12)';
    b.fillRect(500, 172, 12, 186);
    // rim bracket
    b.fillStyle = '#C85A12';
    b.fillRect(RIM.x + RIM.rx - 2, RIM.y - 3, 503 - (RIM.x + RIM.rx - 2), 5);
  })();

  /* ---------------- parts */
  function drawNet(t) {
    const wob = t > T_RIM ? Math.exp(-(t - T_RIM) * 5) * Math.sin((t - T_RIM) * 28) : 0;
    const push = smooth(T_RIM - 0.02, T_RIM + 0.08, t) * (1 - smooth(T_NET, T_NET + 0.35, t));
    ctx.save();
    ctx.strokeStyle = 'rgba(235,240,255,0.55)';
    ctx.lineWidth = 1.6;
    const top = RIM.y + 2,
      bot = RIM.y + 62 + push * 14;
    const n = 6;
    for (let i = 0; i <= n; i++) {
      const u = i / n;
      const x0 = RIM.x - RIM.rx + 2 + u * (RIM.rx * 2 - 4);
      const x1 = RIM.x - 22 - push * 4 + u * (44 + push * 8) + wob * 6 * (1 - u * 0.5);
      ctx.beginPath();
      ctx.moveTo(x0, top);
      ctx.quadraticCurveTo(lerp(x0, x1, 0.5) + (u - 0.5) * 8, (top + bot) / 2, x1, bot);
      ctx.stroke();
    }
    for (let k = 1; k <= 3; k++) {
      // cross strings
      const v = k / 4,
        y = lerp(top, bot, v);
      const half = lerp(RIM.rx - 2, 22 + push * 4, v);
      ctx.beginPath();
      ctx.moveTo(RIM.x - half + wob * 4 * v, y);
      ctx.lineTo(RIM.x + half + wob * 4 * v, y + 1);
      ctx.stroke();
    }
    ctx.restore();
  }
  function drawRim(front) {
    ctx.save();
    ctx.strokeStyle = front ? '#FF7A1A' : '#B8500F';
    ctx.lineWidth = 4.5;
    ctx.beginPath();
    ctx.ellipse(RIM.x, RIM.y, RIM.rx, 5, 0, front ? 0 : Math.PI, front ? Math.PI : Math.PI * 2);
    ctx.stroke();
    ctx.restore();
  }
  function drawBall(p, spin, alpha = 1) {
    ctx.save();
    ctx.globalAlpha = alpha;
    const g = ctx.createRadialGradient(p.x - 7, p.y - 8, 2, p.x, p.y, BALL_R);
    g.addColorStop(0, '#FFAE5E');
    g.addColorStop(1, '#E0530A');
    ctx.shadowColor = 'rgba(255,122,26,0.55)';
    ctx.shadowBlur = 18;
    dot(p, BALL_R, g);
    ctx.shadowBlur = 0;
    ctx.translate(p.x, p.y);
    ctx.rotate((spin * Math.PI) / 180);
    ctx.beginPath();
    ctx.arc(0, 0, BALL_R, 0, Math.PI * 2);
    ctx.clip();
    ctx.strokeStyle = 'rgba(40,14,2,0.85)';
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.moveTo(-BALL_R, 0);
    ctx.lineTo(BALL_R, 0);
    ctx.moveTo(0, -BALL_R);
    ctx.lineTo(0, BALL_R);
    ctx.moveTo(-13, -16);
    ctx.quadraticCurveTo(-4, 0, -13, 16);
    ctx.moveTo(13, -16);
    ctx.quadraticCurveTo(4, 0, 13, 16);
    ctx.stroke();
    ctx.restore();
  }
  function drawBody(p) {
    const far = '#22304D',
      near = '#3A5079',
      torso = '#31466D';
    ctx.save();
    ctx.shadowColor = 'rgba(61,139,255,0.35)';
    ctx.shadowBlur = 14;
    const limb = (pts, w, col) => line(pts, w, col);
    const lf = p.legs.far,
      ln = p.legs.near;
    limb([lf.hip, lf.knee, lf.ankle], 27, far);
    limb([lf.heel, lf.toe], 14, far);
    limb([p.guide.shoulder, p.guide.elbow, p.guide.wrist], 19, far);
    limb([p.guide.wrist, p.guide.tip], 12, far);
    // torso: a tapered quad hip -> shoulder
    const sh = p.shoulder,
      hp = p.hip;
    const n = V(-(sh.y - hp.y), sh.x - hp.x);
    const nl = Math.hypot(n.x, n.y);
    n.x /= nl;
    n.y /= nl;
    ctx.fillStyle = torso;
    ctx.beginPath();
    ctx.moveTo(hp.x + n.x * 20, hp.y + n.y * 20);
    ctx.lineTo(sh.x + n.x * 24, sh.y + n.y * 24);
    ctx.quadraticCurveTo(sh.x - n.x * 2 + (sh.x - hp.x) * 0.18, sh.y - n.y * 2 + (sh.y - hp.y) * 0.18, sh.x - n.x * 22, sh.y - n.y * 22);
    ctx.lineTo(hp.x - n.x * 19, hp.y - n.y * 19);
    ctx.closePath();
    ctx.fill();
    limb([sh, add(sh, V((p.head.x - sh.x) * 0.6, (p.head.y - sh.y) * 0.6))], 14, torso); // neck
    dot(p.head, L.head, near);
    limb([ln.hip, ln.knee, ln.ankle], 29, near);
    limb([ln.heel, ln.toe], 15, near);
    ctx.restore();
  }
  function drawShootingArm(p) {
    ctx.save();
    ctx.shadowColor = 'rgba(61,139,255,0.35)';
    ctx.shadowBlur = 14;
    line([p.arm.shoulder, p.arm.elbow, p.arm.wrist], 21, '#405884');
    line([p.arm.wrist, p.arm.tip], 13, '#405884');
    ctx.restore();
  }
  function drawSkeleton(p, t, hi) {
    const bone = (a, b, alpha) => line([a, b], 3, C.cyan, alpha);
    const lf = p.legs.far,
      ln = p.legs.near;
    const far = 0.45;
    bone(lf.hip, lf.knee, far);
    bone(lf.knee, lf.ankle, far);
    bone(lf.ankle, lf.toe, far);
    bone(p.guide.shoulder, p.guide.elbow, far);
    bone(p.guide.elbow, p.guide.wrist, far);
    bone(p.hip, p.shoulder, 0.9);
    bone(p.shoulder, p.head, 0.9);
    bone(ln.hip, ln.knee, 0.9);
    bone(ln.knee, ln.ankle, 0.9);
    bone(ln.ankle, ln.toe, 0.9);
    bone(p.arm.shoulder, p.arm.elbow, 0.95);
    bone(p.arm.elbow, p.arm.wrist, 0.95);
    bone(p.arm.wrist, p.arm.tip, 0.95);
    const j = (q, r = 4.5, col = C.cyan, a = 1) => {
      ctx.save();
      ctx.globalAlpha = a;
      dot(q, r, C.white, col, 2.5);
      ctx.restore();
    };
    [lf.knee, lf.ankle, p.guide.elbow, p.guide.wrist].forEach((q) => j(q, 3.5, C.cyan, 0.5));
    [p.hip, p.shoulder, ln.knee, ln.ankle].forEach((q) => j(q));
    j(p.arm.elbow, 5.5, hi.elbow ? C.orange : C.cyan);
    j(p.arm.wrist, 5, hi.wrist ? C.orange : C.cyan);
    ctx.save();
    ctx.globalAlpha = 0.9;
    dot(p.head, 6, null, C.cyan, 2.5);
    ctx.restore();
  }

  /* ---------------- overlays */
  function elbowOverlay(p, a) {
    if (a <= 0.001) return;
    const E = p.arm.elbow;
    let a1 = (angDeg(E, p.arm.shoulder) * Math.PI) / 180,
      a2 = (angDeg(E, p.arm.wrist) * Math.PI) / 180;
    let d = a2 - a1;
    while (d > Math.PI) d -= 2 * Math.PI;
    while (d < -Math.PI) d += 2 * Math.PI;
    ctx.save();
    ctx.globalAlpha = a;
    ctx.beginPath();
    ctx.moveTo(E.x, E.y);
    ctx.arc(E.x, E.y, 30, a1, a1 + d, d < 0);
    ctx.closePath();
    ctx.fillStyle = 'rgba(255,122,26,0.28)';
    ctx.fill();
    ctx.beginPath();
    ctx.arc(E.x, E.y, 30, a1, a1 + d, d < 0);
    ctx.strokeStyle = C.orange;
    ctx.lineWidth = 2.5;
    ctx.stroke();
    ctx.restore();
    const deg = Math.round(p.elbowAngle);
    const good = deg >= 82 && deg <= 100;
    pill(
      E.x + 40,
      E.y + 14,
      [
        ['ELBOW', '#AFC3EA'],
        [`${deg}°`, good ? C.green : C.white],
      ],
      { alpha: a, accent: good ? C.green : C.orange },
    );
  }
  function balanceOverlay(p, a) {
    if (a <= 0.001) return;
    ctx.save();
    ctx.globalAlpha = a;
    ctx.setLineDash([6, 6]);
    line([V(p.hip.x, p.hip.y), V(p.hip.x, FLOOR)], 2, C.green, 0.9);
    ctx.setLineDash([]);
    ctx.strokeStyle = C.green;
    ctx.lineWidth = 3;
    ctx.lineCap = 'round';
    const x0 = p.legs.far.heel.x,
      x1 = p.legs.near.toe.x;
    ctx.beginPath();
    ctx.moveTo(x0, FLOOR + 10);
    ctx.lineTo(x1, FLOOR + 10);
    ctx.moveTo(x0, FLOOR + 4);
    ctx.lineTo(x0, FLOOR + 16);
    ctx.moveTo(x1, FLOOR + 4);
    ctx.lineTo(x1, FLOOR + 16);
    ctx.stroke();
    dot(V(p.hip.x, FLOOR + 10), 5, C.green);
    ctx.restore();
    pill(
      196,
      FLOOR - 40,
      [
        ['BALANCE', '#AFC3EA'],
        ['94%', C.green],
      ],
      { alpha: a, accent: C.green },
    );
  }
  function releaseOverlay(t, a) {
    if (a <= 0.001) return;
    const r = releaseState();
    const P = r.ball;
    const k = clamp((t - T_REL) / 0.45, 0, 1);
    ctx.save();
    ctx.globalAlpha = a;
    // expanding ping + crosshair
    ctx.strokeStyle = C.orange;
    ctx.globalAlpha = a * (1 - k);
    ctx.lineWidth = 2;
    dot(P, BALL_R + 6 + k * 26, null, C.orange, 2);
    ctx.globalAlpha = a;
    dot(P, BALL_R + 6, null, C.orange, 2.5);
    ctx.lineWidth = 2.5;
    ctx.beginPath();
    for (const [dx, dy] of [
      [1, 0],
      [-1, 0],
      [0, 1],
      [0, -1],
    ]) {
      ctx.moveTo(P.x + dx * (BALL_R + 1), P.y + dy * (BALL_R + 1));
      ctx.lineTo(P.x + dx * (BALL_R + 12), P.y + dy * (BALL_R + 12));
    }
    ctx.stroke();
    ctx.restore();
    pill(
      P.x - 30,
      P.y - 56,
      [
        ['RELEASE', '#AFC3EA'],
        [`${r.height.toFixed(2)} m`, C.white],
      ],
      { alpha: a, anchor: 'c' },
    );
  }
  function trailOverlay(t, a) {
    if (a <= 0.001 || t < T_REL) return;
    const r = releaseState().ball;
    const vx = (RIM.x - r.x) / FLIGHT,
      vy = (RIM.y - 4 - r.y - 0.5 * G * FLIGHT * FLIGHT) / FLIGHT;
    const end = Math.min(t, T_RIM) - T_REL;
    ctx.save();
    ctx.globalAlpha = a;
    const n = Math.floor(end / 0.028);
    for (let i = 1; i <= n; i++) {
      const u = i * 0.028;
      const x = r.x + vx * u,
        y = r.y + vy * u + 0.5 * G * u * u;
      dot(V(x, y), 2.6, 'rgba(255,170,110,0.85)');
    }
    // apex tick + label
    const ua = -vy / G;
    if (end > ua) {
      const ax = r.x + vx * ua,
        ay = r.y + vy * ua + 0.5 * G * ua * ua;
      const aa = smooth(T_REL + ua, T_REL + ua + 0.2, t);
      ctx.globalAlpha = a * aa;
      ctx.setLineDash([4, 5]);
      line([V(ax, ay + 6), V(ax, ay + 40)], 1.5, '#FFB27A');
      ctx.setLineDash([]);
      ctx.restore();
      const entry = entryAngle(); // angle into the rim
      pill(
        ax,
        ay - 36,
        [
          ['ARC', '#AFC3EA'],
          [`${entry}°`, C.white],
        ],
        { alpha: a * aa, anchor: 'c', accent: '#FFB27A' },
      );
      return;
    }
    ctx.restore();
  }
  function followOverlay(p, t, a) {
    if (a <= 0.001) return;
    const Wr = p.arm.wrist;
    const k = smooth(T_REL, 1.95, t);
    ctx.save();
    ctx.globalAlpha = a;
    ctx.strokeStyle = C.green;
    ctx.lineWidth = 3;
    ctx.lineCap = 'round';
    const a0 = (-100 * Math.PI) / 180,
      a1 = a0 + k * ((130 * Math.PI) / 180);
    ctx.beginPath();
    ctx.arc(Wr.x, Wr.y, 32, a0, a1);
    ctx.stroke();
    const tip = V(Wr.x + 32 * Math.cos(a1), Wr.y + 32 * Math.sin(a1));
    const tg = V(-Math.sin(a1), Math.cos(a1));
    const nn = V(Math.cos(a1), Math.sin(a1));
    ctx.fillStyle = C.green;
    ctx.beginPath();
    ctx.moveTo(tip.x + tg.x * 9, tip.y + tg.y * 9);
    ctx.lineTo(tip.x - tg.x * 2 + nn.x * 7, tip.y - tg.y * 2 + nn.y * 7);
    ctx.lineTo(tip.x - tg.x * 2 - nn.x * 7, tip.y - tg.y * 2 - nn.y * 7);
    ctx.closePath();
    ctx.fill();
    ctx.restore();
    pill(
      Wr.x + 44,
      Wr.y + 52,
      [
        ['FOLLOW-THROUGH', '#AFC3EA'],
        ['✓', C.green],
      ],
      { alpha: a * smooth(1.8, 2.0, t), accent: C.green },
    );
  }
  function scoreChip(t) {
    const a = win(t, 2.8, 5.75, 0.35);
    if (a <= 0.001) return;
    const pop = 0.86 + 0.14 * (1 - Math.pow(1 - smooth(2.8, 3.05, t), 2)) + 0.05 * Math.sin(clamp((t - 2.8) / 0.35, 0, 1) * Math.PI);
    const val = 8.6 * smooth(2.85, 3.18, t);
    const cx = W / 2,
      cy = 906,
      w = 330,
      h = 66;
    ctx.save();
    ctx.globalAlpha = a;
    ctx.translate(cx, cy);
    ctx.scale(pop, pop);
    ctx.translate(-cx, -cy);
    ctx.shadowColor = 'rgba(255,122,26,0.45)';
    ctx.shadowBlur = 24;
    roundRect(cx - w / 2, cy - h / 2, w, h, h / 2);
    const g = ctx.createLinearGradient(cx - w / 2, 0, cx + w / 2, 0);
    g.addColorStop(0, '#FF7A1A');
    g.addColorStop(1, '#FF9A3C');
    ctx.fillStyle = g;
    ctx.fill();
    ctx.shadowBlur = 0;
    // ring gauge
    const rc = V(cx - w / 2 + 35, cy);
    dot(rc, 21, 'rgba(10,14,23,0.25)');
    ctx.strokeStyle = '#0A0E17';
    ctx.lineWidth = 5;
    ctx.lineCap = 'round';
    ctx.beginPath();
    ctx.arc(rc.x, rc.y, 16, -Math.PI / 2, -Math.PI / 2 + (val / 10) * Math.PI * 2);
    ctx.stroke();
    ctx.fillStyle = '#0A0E17';
    ctx.textBaseline = 'middle';
    ctx.font = `700 22px ${FONT}`;
    ctx.fillText('Shot score', cx - w / 2 + 68, cy + 1);
    ctx.font = `800 30px ${FONT}`;
    const s = val.toFixed(1);
    const sw = ctx.measureText(s).width;
    ctx.font = `700 20px ${FONT}`;
    const tw = ctx.measureText('/10').width;
    const right = cx + w / 2 - 22;
    ctx.fillText('/10', right - tw, cy + 3);
    ctx.font = `800 30px ${FONT}`;
    ctx.fillText(s, right - tw - sw - 2, cy + 1);
    ctx.restore();
  }
  function breakdown(t) {
    const a = win(t, 3.45, 5.7, 0.3);
    if (a <= 0.001) return;
    const rows = [
      ['Elbow at set', '89°'],
      ['Release height', `${releaseState().height.toFixed(2)} m`],
      ['Arc into rim', `${entryAngle()}°`],
      ['Follow-through', 'held'],
      ['Balance', '94%'],
    ];
    const x = 20,
      y = 104,
      w = 262,
      rh = 34,
      h = 46 + rows.length * rh;
    ctx.save();
    ctx.globalAlpha = a;
    ctx.translate(0, (1 - smooth(3.45, 3.8, t)) * 14);
    roundRect(x, y, w, h, 18);
    ctx.fillStyle = 'rgba(8,12,22,0.84)';
    ctx.fill();
    ctx.strokeStyle = 'rgba(76,201,255,0.30)';
    ctx.lineWidth = 1.5;
    ctx.stroke();
    ctx.textBaseline = 'middle';
    ctx.font = `700 15px ${FONT}`;
    ctx.fillStyle = '#7F93BD';
    ctx.fillText('SHOT BREAKDOWN', x + 18, y + 27);
    rows.forEach(([k, v], i) => {
      const ra = smooth(3.55 + i * 0.12, 3.8 + i * 0.12, t);
      const cy = y + 56 + i * rh + rh / 2 - 6;
      ctx.save();
      ctx.globalAlpha = a * ra;
      ctx.translate((1 - ra) * -10, 0);
      dot(V(x + 27, cy), 9, 'rgba(61,220,151,0.16)');
      ctx.strokeStyle = C.green;
      ctx.lineWidth = 2.4;
      ctx.lineCap = 'round';
      ctx.lineJoin = 'round';
      ctx.beginPath();
      ctx.moveTo(x + 22.5, cy + 0.5);
      ctx.lineTo(x + 26, cy + 4);
      ctx.lineTo(x + 32, cy - 3.5);
      ctx.stroke();
      ctx.font = `400 18px ${FONT}`;
      ctx.fillStyle = '#D5DEF2';
      ctx.textAlign = 'left';
      ctx.fillText(k, x + 46, cy + 1);
      ctx.font = `700 18px ${FONT}`;
      ctx.fillStyle = C.white;
      ctx.textAlign = 'right';
      ctx.fillText(v, x + w - 18, cy + 1);
      ctx.restore();
    });
    ctx.restore();
  }
  function entryAngle() {
    const r = releaseState().ball;
    const vx = (RIM.x - r.x) / FLIGHT,
      vy = (RIM.y - 4 - r.y - 0.5 * G * FLIGHT * FLIGHT) / FLIGHT;
    return Math.round((Math.atan2(vy + G * FLIGHT, vx) * 180) / Math.PI);
  }
  function swishFlash(t) {
    const a = win(t, T_RIM + 0.05, T_RIM + 0.85, 0.15);
    if (a <= 0.001) return;
    const up = smooth(T_RIM, T_RIM + 0.85, t) * 18;
    ctx.save();
    ctx.globalAlpha = a;
    ctx.font = `italic 800 26px ${FONT}`;
    ctx.fillStyle = C.white;
    ctx.textAlign = 'right';
    ctx.shadowColor = 'rgba(255,122,26,0.8)';
    ctx.shadowBlur = 16;
    ctx.fillText('SWISH!', RIM.x + 30, RIM.y - 54 - up);
    ctx.restore();
  }
  function hud(t) {
    // live chip
    const blink = 0.55 + 0.45 * Math.cos(t * Math.PI * 2 * (4 / DURATION));
    ctx.save();
    roundRect(20, 24, 182, 40, 20);
    ctx.fillStyle = 'rgba(8,12,22,0.78)';
    ctx.fill();
    ctx.strokeStyle = 'rgba(255,255,255,0.14)';
    ctx.lineWidth = 1.5;
    ctx.stroke();
    ctx.globalAlpha = blink;
    dot(V(42, 44), 6, '#FF3B3B');
    ctx.globalAlpha = 1;
    ctx.fillStyle = C.white;
    ctx.font = `700 17px ${FONT}`;
    ctx.textBaseline = 'middle';
    ctx.fillText('LIVE · AI COACH', 56, 45);
    ctx.restore();
    if (logo.naturalWidth) ctx.drawImage(logo, W - 20 - 132, 27, 132, 33);
    // corner brackets of the tracking frame
    ctx.save();
    ctx.strokeStyle = 'rgba(76,201,255,0.35)';
    ctx.lineWidth = 3;
    ctx.lineCap = 'round';
    const m = 20,
      y0 = 84,
      y1 = FLOOR - 8,
      s = 26;
    ctx.beginPath();
    ctx.moveTo(m, y0 + s);
    ctx.lineTo(m, y0);
    ctx.lineTo(m + s, y0);
    ctx.moveTo(W - m - s, y0);
    ctx.lineTo(W - m, y0);
    ctx.lineTo(W - m, y0 + s);
    ctx.moveTo(m, y1 - s);
    ctx.lineTo(m, y1);
    ctx.lineTo(m + s, y1);
    ctx.moveTo(W - m - s, y1);
    ctx.lineTo(W - m, y1);
    ctx.lineTo(W - m, y1 - s);
    ctx.stroke();
    ctx.restore();
  }

  /* ---------------- frame */
  window.drawFrame = function drawFrame(t) {
    t = ((t % DURATION) + DURATION) % DURATION;
    const p = pose(t);
    const b = ballState(t, p);
    ctx.clearRect(0, 0, W, H);
    ctx.drawImage(bg, 0, 0);
    // floor shadow of the ball
    const shA = clamp(1 - (FLOOR - b.pos.y) / 500, 0, 1) * 0.5;
    ctx.save();
    ctx.globalAlpha = shA;
    ctx.fillStyle = '#000';
    ctx.beginPath();
    ctx.ellipse(b.pos.x, FLOOR + 3, 18, 4, 0, 0, Math.PI * 2);
    ctx.fill();
    ctx.restore();
    ctx.save();
    ctx.globalAlpha = 0.45;
    ctx.fillStyle = '#000';
    ctx.beginPath();
    ctx.ellipse(HIP_X + 6, FLOOR + 3, 52 - p.air * 0.4, 6, 0, 0, Math.PI * 2);
    ctx.fill();
    ctx.restore();

    const hi = { elbow: t > 0.8 && t < 1.7, wrist: t > T_REL && t < 3.3 };
    drawRim(false);
    const ballBehindNet = t > T_RIM - 0.05 && t < T_NET + 0.25;
    if (ballBehindNet) drawBall(b.pos, b.spin);
    drawNet(t);
    drawRim(true);
    drawBody(p);
    if (!ballBehindNet && !p.held) drawBall(b.pos, b.spin);
    if (p.held) drawBall(b.pos, b.spin);
    drawShootingArm(p);
    drawSkeleton(p, t, hi);

    trailOverlay(t, win(t, T_REL, 3.6, 0.3));
    balanceOverlay(p, win(t, 0.15, 1.35, 0.25));
    elbowOverlay(p, win(t, 0.8, 1.7, 0.2));
    releaseOverlay(t, win(t, T_REL - 0.02, 3.6, 0.3));
    followOverlay(p, t, win(t, T_REL + 0.04, 3.55, 0.3));
    swishFlash(t);
    breakdown(t);
    hud(t);
    scoreChip(t);
  };
}

/* ===================================================================================== */

function ffmpeg(args) {
  const res = spawnSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args], { stdio: ['ignore', 'inherit', 'inherit'] });
  if (res.status !== 0) throw new Error(`ffmpeg failed: ffmpeg ${args.join(' ')}`);
}

async function main() {
  const argFrame = process.argv.find((a) => a.startsWith('--frame='));
  const keep = process.argv.includes('--keep-frames');
  const logoFile = path.join(PUBLIC, 'brand/logo-for-dark-theme.svg');
  const logoDataUrl = fs.existsSync(logoFile) ? `data:image/svg+xml;base64,${fs.readFileSync(logoFile).toString('base64')}` : '';

  const browser = await launch();
  const page = await browser.newPage({ viewport: { width: W, height: H }, deviceScaleFactor: 1 });
  await page.setContent(`<!doctype html><html><body style="margin:0;background:#000"><canvas id="c" width="${W}" height="${H}"></canvas></body></html>`);
  await page.addScriptTag({ content: `(${scene.toString()})(${W}, ${H}, ${SECONDS}, ${JSON.stringify(logoDataUrl)});` });
  await page.evaluate(() => window.logoReady);
  const grab = async (t) => {
    const url = await page.evaluate((tt) => {
      window.drawFrame(tt);
      return document.getElementById('c').toDataURL('image/png');
    }, t);
    return Buffer.from(url.slice(url.indexOf(',') + 1), 'base64');
  };

  if (argFrame) {
    const n = Number(argFrame.split('=')[1]);
    const file = `/tmp/swishly-demo-frame-${n}.png`;
    fs.writeFileSync(file, await grab(n / FPS));
    await browser.close();
    console.log(file);
    return;
  }

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'swishly-demo-'));
  const t0 = Date.now();
  for (let i = 0; i < FRAMES; i++) fs.writeFileSync(path.join(dir, `f${String(i).padStart(4, '0')}.png`), await grab(i / FPS));
  fs.writeFileSync(path.join(dir, 'poster.png'), await grab(POSTER_T));
  await browser.close();
  console.log(`rendered ${FRAMES} frames in ${((Date.now() - t0) / 1000).toFixed(1)} s -> ${dir}`);

  fs.mkdirSync(OUT, { recursive: true });
  const input = ['-framerate', String(FPS), '-i', path.join(dir, 'f%04d.png')];
  const webm = path.join(OUT, 'demo.webm'),
    mp4 = path.join(OUT, 'demo.mp4'),
    poster = path.join(OUT, 'demo-poster.webp');
  // VP9: constant quality, two passes, one keyframe per loop.
  const vp9 = [
    '-c:v',
    'libvpx-vp9',
    '-pix_fmt',
    'yuv420p',
    '-b:v',
    '0',
    '-crf',
    '28',
    '-g',
    String(FRAMES),
    '-row-mt',
    '1',
    '-deadline',
    'good',
    '-cpu-used',
    '1',
    '-an',
  ];
  const passlog = path.join(dir, 'vp9pass');
  ffmpeg([...input, ...vp9, '-pass', '1', '-passlogfile', passlog, '-f', 'webm', '/dev/null']);
  ffmpeg([...input, ...vp9, '-pass', '2', '-passlogfile', passlog, webm]);
  ffmpeg([
    ...input,
    '-c:v',
    'libx264',
    '-profile:v',
    'high',
    '-preset',
    'veryslow',
    '-tune',
    'animation',
    '-crf',
    '20',
    '-pix_fmt',
    'yuv420p',
    '-g',
    String(FPS * 2),
    '-movflags',
    '+faststart',
    '-an',
    mp4,
  ]);
  ffmpeg(['-i', path.join(dir, 'poster.png'), '-c:v', 'libwebp', '-quality', '80', '-compression_level', '6', poster]);
  if (!keep) fs.rmSync(dir, { recursive: true, force: true });
  for (const f of [webm, mp4, poster]) console.log(`${path.relative(PUBLIC, f).padEnd(24)} ${fs.statSync(f).size} bytes`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
