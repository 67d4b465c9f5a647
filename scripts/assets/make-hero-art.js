#!/usr/bin/env node
'use strict';
/**
 * make-hero-art.js: generates the hero background art as small, dependency-free SVGs.
 *
 *   node scripts/assets/make-hero-art.js [--preview]
 *
 * Writes frontend/public/images/hero-desktop.svg (1920x1080) and hero-mobile.svg (750x1334):
 * a dark court seen in perspective (lines projected from real half-court dimensions, in feet),
 * a glowing shot arc dropping into the rim with tracking samples, and soft orange/blue glows.
 * The headline area (left/centre on desktop, top on mobile) is kept calm and dark.
 * Both files use preserveAspectRatio="xMidYMid slice" so they can be used as cover images.
 * --preview also renders PNGs of both into /tmp/swishly-hero-*.png with headline mock text.
 */
const fs = require('node:fs');
const path = require('node:path');

const OUT = path.resolve(__dirname, '../../frontend/public/images');
const f1 = (v) => (Math.round(v * 10) / 10).toString();

/* ------------------------------------------------------------ projection */

function camera({ W, cx = W / 2, camX, camH, dist, pitchDeg, focal, cy }) {
  const th = (pitchDeg * Math.PI) / 180;
  const c = Math.cos(th),
    s = Math.sin(th);
  // court coords: x across (ft, 0 = basket), d = distance from baseline (ft), y = height (ft)
  return (x, d, y = 0) => {
    const X = x - camX,
      Y = y - camH,
      Z = dist - d; // Z: depth from camera toward the baseline
    const yc = Y * c + Z * s;
    const zc = -Y * s + Z * c;
    return [cx + (focal * X) / zc, cy - (focal * yc) / zc, zc];
  };
}

/** Court lines as world-space polylines (feet). NBA-ish half court. */
function courtPolylines() {
  const lines = [];
  const arc = (cx, cd, r, a0, a1, n = 64) => {
    const pts = [];
    for (let i = 0; i <= n; i++) {
      const a = ((a0 + ((a1 - a0) * i) / n) * Math.PI) / 180;
      pts.push([cx + r * Math.cos(a), cd + r * Math.sin(a)]);
    }
    return pts;
  };
  const rim = 5.25;
  lines.push([
    [-25, 0],
    [25, 0],
  ]); // baseline
  lines.push([
    [-25, 0],
    [-25, 47],
  ]); // sidelines
  lines.push([
    [25, 0],
    [25, 47],
  ]);
  lines.push([
    [-25, 47],
    [25, 47],
  ]); // half-court line
  lines.push([
    [-8, 0],
    [-8, 19],
    [8, 19],
    [8, 0],
  ]); // lane
  lines.push(arc(0, 19, 6, 0, 180)); // free-throw circle (top half, toward half court)
  const t = (Math.acos(22 / 23.75) * 180) / Math.PI; // three-point arc meets the corner lines
  lines.push([
    [-22, 0],
    [-22, rim + 23.75 * Math.sin((t * Math.PI) / 180)],
  ]);
  lines.push([
    [22, 0],
    [22, rim + 23.75 * Math.sin((t * Math.PI) / 180)],
  ]);
  lines.push(arc(0, rim, 23.75, t, 180 - t, 96));
  lines.push(arc(0, rim, 4, 0, 180, 32)); // restricted area
  lines.push(arc(0, 47, 6, 180, 360, 48)); // centre circle half
  return lines;
}

/** Turn a world polyline into a projected ribbon (filled polygon) of width w feet. */
function ribbon(proj, pts, w) {
  const left = [],
    right = [];
  for (let i = 0; i < pts.length; i++) {
    const a = pts[Math.max(0, i - 1)],
      b = pts[Math.min(pts.length - 1, i + 1)];
    let nx = -(b[1] - a[1]),
      nd = b[0] - a[0];
    const l = Math.hypot(nx, nd) || 1;
    nx = (nx / l) * (w / 2);
    nd = (nd / l) * (w / 2);
    left.push(proj(pts[i][0] + nx, pts[i][1] + nd));
    right.push(proj(pts[i][0] - nx, pts[i][1] - nd));
  }
  const all = left.concat(right.reverse());
  if (all.some((p) => p[2] <= 0.5)) return '';
  return 'M' + all.map((p) => `${f1(p[0])} ${f1(p[1])}`).join('L') + 'Z';
}

/* ------------------------------------------------------------ scene */

function scene(o) {
  const { W, H } = o;
  const proj = camera({ W, ...o.cam });
  const horizon = o.cam.cy - o.cam.focal * Math.tan((o.cam.pitchDeg * Math.PI) / 180);
  const court = courtPolylines()
    .map((p) => ribbon(proj, p, 0.32))
    .join('');
  const rim = proj(0, 5.25, 10);
  const rimR = (proj(0.75, 5.25, 10)[0] - rim[0]) * 1.4;
  const board = [proj(-3, 4, 13.5), proj(3, 4, 13.5), proj(3, 4, 9.5), proj(-3, 4, 9.5)];
  const box = [proj(-1, 4, 12), proj(1, 4, 12), proj(1, 4, 10), proj(-1, 4, 10)];
  const poly = (pts) => 'M' + pts.map((p) => `${f1(p[0])} ${f1(p[1])}`).join('L') + 'Z';

  // shot arc (screen space): quadratic from the release point to just above the rim
  const [sx, sy] = o.release;
  const ex = rim[0],
    ey = rim[1] - rimR * 0.25;
  const [qx, qy] = o.apexCtrl;
  const qb = (t) => [(1 - t) ** 2 * sx + 2 * (1 - t) * t * qx + t * t * ex, (1 - t) ** 2 * sy + 2 * (1 - t) * t * qy + t * t * ey];
  const arcD = `M${f1(sx)} ${f1(sy)}Q${f1(qx)} ${f1(qy)} ${f1(ex)} ${f1(ey)}`;
  const ballT = o.ballT;
  const [bx, by] = qb(ballT);
  const ballR = o.ballR;
  let samples = '';
  for (let i = 1; i < 12; i++) {
    const t = i / 12;
    if (Math.abs(t - ballT) < 0.06) continue;
    const [x, y] = qb(t);
    const a = t < ballT ? 0.25 + 0.5 * (t / ballT) : 0.18;
    samples += `<circle cx="${f1(x)}" cy="${f1(y)}" r="${t < ballT ? 3.2 : 2.4}" fill="#FFB27A" fill-opacity="${a.toFixed(2)}"/>`;
  }
  // ball seams, rotated for a sense of spin
  const seam = (rot) =>
    `<g transform="translate(${f1(bx)} ${f1(by)}) rotate(${rot})" fill="none" stroke="#2A1204" stroke-width="${f1(ballR * 0.09)}" stroke-opacity=".8">` +
    `<path d="M${f1(-ballR)} 0H${f1(ballR)}M0 ${f1(-ballR)}V${f1(ballR)}"/>` +
    `<path d="M${f1(-ballR * 0.62)} ${f1(-ballR * 0.78)}Q${f1(-ballR * 0.2)} 0 ${f1(-ballR * 0.62)} ${f1(ballR * 0.78)}M${f1(ballR * 0.62)} ${f1(-ballR * 0.78)}Q${f1(ballR * 0.2)} 0 ${f1(ballR * 0.62)} ${f1(ballR * 0.78)}"/></g>`;

  const net = [];
  for (let i = 0; i <= 6; i++) {
    const a = Math.PI * (i / 6);
    const x0 = rim[0] - rimR * Math.cos(a),
      y0 = rim[1] + rimR * 0.28 * Math.sin(a);
    const x1 = rim[0] - rimR * 0.55 * Math.cos(a),
      y1 = rim[1] + rimR * 1.15;
    net.push(`M${f1(x0)} ${f1(y0)}L${f1(x1)} ${f1(y1)}`);
  }
  net.push(
    `M${f1(rim[0] - rimR * 0.8)} ${f1(rim[1] + rimR * 0.55)}Q${f1(rim[0])} ${f1(rim[1] + rimR * 0.75)} ${f1(rim[0] + rimR * 0.8)} ${f1(rim[1] + rimR * 0.55)}`,
  );

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" preserveAspectRatio="xMidYMid slice" aria-hidden="true">
<defs>
<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#05080F"/><stop offset=".55" stop-color="#080D19"/><stop offset="1" stop-color="#0C1426"/></linearGradient>
<radialGradient id="gb" cx="${o.glowB[0]}" cy="${o.glowB[1]}" r="${o.glowB[2]}"><stop offset="0" stop-color="#2F6BFF" stop-opacity=".30"/><stop offset=".5" stop-color="#2F6BFF" stop-opacity=".07"/><stop offset="1" stop-color="#2F6BFF" stop-opacity="0"/></radialGradient>
<radialGradient id="gb2" cx="${o.glowB2[0]}" cy="${o.glowB2[1]}" r="${o.glowB2[2]}"><stop offset="0" stop-color="#1E8BFF" stop-opacity=".22"/><stop offset="1" stop-color="#1E8BFF" stop-opacity="0"/></radialGradient>
<radialGradient id="gr" cx="${f1(rim[0])}" cy="${f1(rim[1])}" r="${f1(rimR * o.rimGlow)}" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="#FF7A1A" stop-opacity=".36"/><stop offset=".25" stop-color="#FF6A10" stop-opacity=".16"/><stop offset=".6" stop-color="#FF5A00" stop-opacity=".05"/><stop offset="1" stop-color="#FF5A00" stop-opacity="0"/></radialGradient>
<linearGradient id="cl" x1="0" y1="${f1(horizon)}" x2="0" y2="${H}" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="#8FB0FF" stop-opacity="0"/><stop offset=".3" stop-color="#8FB0FF" stop-opacity=".12"/><stop offset="1" stop-color="#B8CCFF" stop-opacity=".24"/></linearGradient>
<linearGradient id="arc" gradientUnits="userSpaceOnUse" x1="${f1(sx)}" y1="${f1(sy)}" x2="${f1(ex)}" y2="${f1(ey)}"><stop offset="0" stop-color="#FF7A1A" stop-opacity="0"/><stop offset=".45" stop-color="#FF8A2A" stop-opacity=".85"/><stop offset="1" stop-color="#FFC08A" stop-opacity=".9"/></linearGradient>
<radialGradient id="ball" cx="35%" cy="30%" r="75%"><stop offset="0" stop-color="#FFA04A"/><stop offset="1" stop-color="#E2540A"/></radialGradient>
<filter id="blur" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="${o.glowBlur}"/></filter>
<filter id="grain" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency=".9" numOctaves="2" stitchTiles="stitch"/><feColorMatrix values="0 0 0 0 1 0 0 0 0 1 0 0 0 0 1 0 0 0 .05 0"/></filter>
<linearGradient id="shade" x1="0" y1="0" x2="${o.shade[0]}" y2="${o.shade[1]}"><stop offset="0" stop-color="#05080F" stop-opacity=".75"/><stop offset="1" stop-color="#05080F" stop-opacity="0"/></linearGradient>
</defs>
<rect width="${W}" height="${H}" fill="url(#bg)"/>
<rect width="${W}" height="${H}" fill="url(#gb)"/>
<rect width="${W}" height="${H}" fill="url(#gb2)"/>
<path d="${court}" fill="url(#cl)"/>
<rect width="${W}" height="${H}" fill="url(#gr)"/>
<g opacity=".5" fill="none" stroke="#B9C8F0" stroke-width="${f1(Math.max(1.2, rimR * 0.05))}"><path d="${poly(board)}" stroke-opacity=".55"/><path d="${poly(box)}" stroke-opacity=".45"/></g>
<path d="${net.join('')}" fill="none" stroke="#E8EEFF" stroke-opacity=".35" stroke-width="${f1(Math.max(1, rimR * 0.035))}"/>
<ellipse cx="${f1(rim[0])}" cy="${f1(rim[1])}" rx="${f1(rimR)}" ry="${f1(rimR * 0.28)}" fill="none" stroke="#FF7A1A" stroke-width="${f1(rimR * 0.09)}" filter="url(#blur)"/>
<ellipse cx="${f1(rim[0])}" cy="${f1(rim[1])}" rx="${f1(rimR)}" ry="${f1(rimR * 0.28)}" fill="none" stroke="#FF8A2A" stroke-width="${f1(rimR * 0.06)}"/>
<path d="${arcD}" fill="none" stroke="url(#arc)" stroke-width="${o.arcW * 3}" stroke-linecap="round" filter="url(#blur)" opacity=".7"/>
<path d="${arcD}" fill="none" stroke="url(#arc)" stroke-width="${o.arcW}" stroke-linecap="round" stroke-dasharray="${o.arcDash}"/>
${samples}
<circle cx="${f1(bx)}" cy="${f1(by)}" r="${f1(ballR * 2.2)}" fill="#FF7A1A" opacity=".35" filter="url(#blur)"/>
<circle cx="${f1(bx)}" cy="${f1(by)}" r="${f1(ballR)}" fill="url(#ball)"/>${seam(-28)}
<circle cx="${f1(bx)}" cy="${f1(by)}" r="${f1(ballR * 1.9)}" fill="none" stroke="#FFB27A" stroke-opacity=".5" stroke-width="1.5" stroke-dasharray="4 6"/>
<rect width="${W}" height="${H}" fill="url(#shade)"/>
<rect width="${W}" height="${H}" filter="url(#grain)"/>
</svg>
`;
}

const DESKTOP = {
  W: 1920,
  H: 1080,
  cam: { W: 1920, cx: 1080, camX: -14, camH: 16, dist: 60, pitchDeg: 12, focal: 1500, cy: 600 },
  release: [1010, 1100],
  apexCtrl: [1330, -330],
  ballT: 0.56,
  ballR: 25,
  arcW: 4,
  arcDash: '2 14',
  rimGlow: 16,
  glowB: ['6%', '0%', '60%'],
  glowB2: ['100%', '100%', '45%'],
  glowBlur: 10,
  shade: ['.7', '.45'],
};
const MOBILE = {
  W: 750,
  H: 1334,
  cam: { W: 750, cx: 300, camX: -10, camH: 19, dist: 50, pitchDeg: 18, focal: 960, cy: 1010 },
  release: [110, 1400],
  apexCtrl: [410, 330],
  ballT: 0.5,
  ballR: 21,
  arcW: 3.5,
  arcDash: '2 12',
  rimGlow: 14,
  glowB: ['0%', '0%', '80%'],
  glowB2: ['0%', '100%', '60%'],
  glowBlur: 8,
  shade: ['0', '.5'],
};

async function main() {
  fs.mkdirSync(OUT, { recursive: true });
  const outputs = [
    ['hero-desktop.svg', scene(DESKTOP)],
    ['hero-mobile.svg', scene(MOBILE)],
  ];
  for (const [name, svg] of outputs) {
    fs.writeFileSync(path.join(OUT, name), svg);
    console.log(`images/${name.padEnd(22)} ${Buffer.byteLength(svg)} bytes`);
  }
  if (!process.argv.includes('--preview')) return;
  const { screenshotHtml } = require('./lib/browser');
  const mock = (
    svg,
    w,
    h,
    align,
  ) => `<!doctype html><html><body style="margin:0;width:${w}px;height:${h}px;overflow:hidden;position:relative;font-family:Liberation Sans,Arial,sans-serif">
<div style="position:absolute;inset:0">${svg}</div>
<div style="position:absolute;${align};color:#fff"><div style="font-size:${w > 1000 ? 76 : 60}px;font-weight:800;line-height:1.05;letter-spacing:-1px">Train like the Pros,<br>Become one.</div>
<div style="font-size:${w > 1000 ? 24 : 26}px;opacity:.8;margin-top:20px;max-width:600px">Your phone becomes a shooting coach: elbow angle, release point, follow-through and balance, on every shot.</div></div></body></html>`;
  await screenshotHtml(mock(outputs[0][1], 1920, 1080, 'left:160px;top:330px'), { width: 1920, height: 1080, path: '/tmp/swishly-hero-desktop.png' });
  await screenshotHtml(mock(outputs[1][1], 750, 1334, 'left:48px;right:48px;top:200px'), { width: 750, height: 1334, path: '/tmp/swishly-hero-mobile.png' });
  console.log('previews: /tmp/swishly-hero-desktop.png /tmp/swishly-hero-mobile.png');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
