#!/usr/bin/env node
'use strict';
/**
 * make-brand-assets.js: generates Swishly's logo, favicon, touch icon and store badges.
 *
 *   node scripts/assets/make-brand-assets.js
 *
 * Writes into frontend/public:
 *   brand/logo-for-dark-theme.svg   light wordmark + mark, 160x40
 *   brand/logo-for-light-theme.svg  dark wordmark + mark, 160x40
 *   brand/logo-fallback.svg         mark only, 40x40
 *   favicon.svg                     mark only (square)
 *   apple-touch-icon.png            180x180, opaque, rendered in headless Chromium (256-colour PNG)
 *   badges/app-store.svg            200x56 "Download on the App Store" (own artwork)
 *   badges/google-play.svg          200x56 "GET IT ON Google Play" (own artwork)
 *
 * All text is converted to SVG paths from the system's Liberation Sans (OFL; Debian package
 * fonts-liberation), so the files render identically without web fonts. Chromium is only
 * needed for the PNG; pass --svg-only to skip it.
 */
const fs = require('node:fs');
const path = require('node:path');
const { loadFont, contoursToPath } = require('./lib/ttf-outline');

const PUBLIC = path.resolve(__dirname, '../../frontend/public');
const FONT_DIR = process.env.FONT_DIR || '/usr/share/fonts/truetype/liberation';
const bold = loadFont(path.join(FONT_DIR, 'LiberationSans-Bold.ttf'));
const regular = loadFont(path.join(FONT_DIR, 'LiberationSans-Regular.ttf'));

const C = {
  ink: '#0A0E17', // near-black navy, also the ball seams
  white: '#F5F7FB',
  navy: '#0B1220',
  orange: '#FF7A1A',
  orangeLight: '#FFA04A',
  orangeDeep: '#F25C0A',
  blue: '#3D8BFF',
};

const r2 = (v) => Math.round(v * 100) / 100;

/** Lay out text as paths. Returns { d, dots, width }; `dots` holds the tittles of i/j when splitDots. */
function text(font, str, { size, x = 0, y = 0, tracking = 0, skew = 0, kern = {}, splitDots = false, decimals = 2 }) {
  const s = size / font.unitsPerEm;
  const sk = Math.tan((skew * Math.PI) / 180);
  let pen = 0,
    d = '',
    dots = '',
    maxX = 0;
  const chars = [...str];
  chars.forEach((ch, i) => {
    const gid = font.glyphId(ch.codePointAt(0));
    const ox = pen;
    const tf = (gx, gy) => {
      const X = x + (ox + gx + gy * sk) * s;
      maxX = Math.max(maxX, X);
      return [X, y - gy * s];
    };
    let contours = font.glyphContours(gid);
    if (splitDots && (ch === 'i' || ch === 'j') && contours.length > 1) {
      const lows = contours.map((c) => Math.min(...c.map((p) => p.y)));
      const di = lows.indexOf(Math.max(...lows));
      dots += contoursToPath([contours[di]], tf, decimals);
      contours = contours.filter((_, j) => j !== di);
    }
    d += contoursToPath(contours, tf, decimals);
    pen += font.advance(gid) + tracking + (kern[ch + (chars[i + 1] || '')] || 0);
  });
  return { d, dots, width: (pen - tracking) * s, right: maxX };
}

/* ---------------------------------------------------------------- mark */

/** Tapered band hugging a circle (the "swish" trail). Angles in degrees, 0 = right, 90 = down. */
function crescent(cx, cy, R, a1, a2, w, n = 28) {
  const outer = [],
    inner = [];
  for (let i = 0; i <= n; i++) {
    const t = i / n,
      a = ((a1 + (a2 - a1) * t) * Math.PI) / 180;
    const ww = w * Math.pow(Math.sin(Math.PI * t), 0.8);
    outer.push([cx + Math.cos(a) * (R + ww), cy + Math.sin(a) * (R + ww)]);
    inner.push([cx + Math.cos(a) * R, cy + Math.sin(a) * R]);
  }
  const pts = outer.concat(inner.reverse());
  return 'M' + pts.map((p) => `${r2(p[0])} ${r2(p[1])}`).join('L') + 'Z';
}

/**
 * The Swishly mark in a 40x40 box: an orange ball whose seams form an "S", with a blue swish
 * trail on its lower-left. `id` prefixes gradient ids so several marks can share a document.
 */
function markSvg({ id = 'sw', dx = 0, dy = 0, scale = 1 } = {}) {
  const cx = 23,
    cy = 17,
    R = 14.5;
  const k = R / 18;
  const T = (x, y) => `${r2(cx + (x - 20) * k)} ${r2(cy + (y - 20) * k)}`;
  const tf = dx || dy || scale !== 1 ? ` transform="translate(${dx} ${dy})${scale !== 1 ? ` scale(${scale})` : ''}"` : '';
  const defs =
    `<radialGradient id="${id}b" cx="35%" cy="30%" r="75%"><stop offset="0" stop-color="${C.orangeLight}"/><stop offset="1" stop-color="${C.orangeDeep}"/></radialGradient>` +
    `<clipPath id="${id}c"><circle cx="${cx}" cy="${cy}" r="${R}"/></clipPath>`;
  const body =
    `<g${tf}>` +
    `<path d="${crescent(cx, cy, R + 2.2, 95, 215, 4)}" fill="${C.blue}"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${R}" fill="url(#${id}b)"/>` +
    `<g clip-path="url(#${id}c)" fill="none" stroke="${C.ink}" stroke-width="2" stroke-linecap="round">` +
    `<path d="M${T(1, 17.5)}Q${T(20, 24)} ${T(39, 17.5)}"/>` +
    `<path d="M${T(29, 1)}C${T(4, 10)} ${T(36, 30)} ${T(11, 39)}"/>` +
    `</g></g>`;
  return { defs, body };
}

/* ---------------------------------------------------------------- logos */

function logoSvg(theme) {
  const fg = theme === 'dark' ? C.white : C.navy;
  const id = theme === 'dark' ? 'swd' : 'swl'; // distinct ids: both logos may be inlined on one page
  const m = markSvg({ id });
  const w = text(bold, 'Swishly', { size: 29, x: 46.5, y: 29, tracking: -22, skew: 9, splitDots: true });
  if (w.right > 159.5) throw new Error(`wordmark too wide: ${w.right}`);
  const title = 'Swishly';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="40" viewBox="0 0 160 40" role="img" aria-labelledby="${id}-t">` +
    `<title id="${id}-t">${title}</title><defs>${m.defs}</defs>${m.body}` +
    `<path fill="${fg}" d="${w.d}"/><path fill="${C.orange}" d="${w.dots}"/></svg>\n`
  );
}

function markOnlySvg(size, id) {
  const m = markSvg({ id });
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 40 40" role="img" aria-labelledby="${id}-t">` +
    `<title id="${id}-t">Swishly</title><defs>${m.defs}</defs>${m.body}</svg>\n`
  );
}

function touchIconHtml() {
  // 180x180 opaque tile; iOS rounds the corners itself.
  const m = markSvg({ id: 'swt', dx: -2, dy: 3 });
  return `<!doctype html><html><body style="margin:0;background:${C.ink}">
<svg xmlns="http://www.w3.org/2000/svg" width="180" height="180" viewBox="0 0 40 40">
<defs>${m.defs}<radialGradient id="bg" cx="62%" cy="32%" r="80%"><stop offset="0" stop-color="#1B2740"/><stop offset="1" stop-color="${C.ink}"/></radialGradient></defs>
<rect width="40" height="40" fill="url(#bg)"/><g transform="translate(20 20) scale(0.78) translate(-20 -20)">${m.body}</g></svg></body></html>`;
}

/* ---------------------------------------------------------------- badges */

const BADGE_FRAME =
  `<rect x="0.5" y="0.5" width="199" height="55" rx="10" fill="#000"/>` +
  `<rect x="0.5" y="0.5" width="199" height="55" rx="10" fill="none" stroke="#A6A6A6"/>`;

function appStoreSvg() {
  // Own apple-like glyph: two-lobed body, leaf, bite cut with a mask. Drawn in a 24x28 box.
  const glyph =
    `<g transform="translate(13.5 11.5) scale(1.14)"><mask id="as-bite"><rect x="-2" y="-2" width="30" height="32" fill="#fff"/><circle cx="23.6" cy="14.2" r="4.6" fill="#000"/></mask>` +
    `<path mask="url(#as-bite)" fill="#fff" d="M11.4 8.1C9.4 6.7 6.6 6.2 4.4 7.2C1.3 8.6 0 12 0.4 15.7C0.9 20.6 3.6 25.6 6.4 27.3C8 28.3 9.3 27.6 11.4 27.2C13.5 27.6 14.8 28.3 16.4 27.3C19.2 25.6 21.9 20.6 22.4 15.7C22.8 12 21.5 8.6 18.4 7.2C16.2 6.2 13.4 6.7 11.4 8.1Z"/>` +
    `<path fill="#fff" d="M11.6 6.3C11.3 3.2 13.4 0.5 16.6 0C16.9 3.2 14.8 5.9 11.6 6.3Z"/></g>`;
  const small = text(regular, 'Download on the', { size: 12, x: 52, y: 23.5, tracking: 10, decimals: 1 });
  const big = text(bold, 'App Store', { size: 26, x: 51, y: 44.5, tracking: -30, decimals: 1 });
  if (big.right > 188) throw new Error('App Store text too wide');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="56" viewBox="0 0 200 56" role="img" aria-labelledby="as-t">` +
    `<title id="as-t">Download on the App Store</title>${BADGE_FRAME}${glyph}` +
    `<path fill="#fff" d="${small.d}"/><path fill="#fff" d="${big.d}"/></svg>\n`
  );
}

function googlePlaySvg() {
  // Own play-triangle glyph, split into four coloured facets and clipped to a rounded triangle.
  const A = [0, 0],
    B = [0, 28],
    T = [25, 14],
    J = [13.2, 14],
    P1 = [18.2, 10.2],
    P2 = [18.2, 17.8];
  const poly = (...pts) => 'M' + pts.map((p) => p.join(' ')).join('L') + 'Z';
  const glyph =
    `<g transform="translate(16 14)"><clipPath id="gp-tri"><path d="M0 3Q0 -1.6 3.9 0.6L23.6 12Q25.6 14 23.6 16L3.9 27.4Q0 29.6 0 25Z"/></clipPath>` +
    `<linearGradient id="gp-b" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#22B8FF"/><stop offset="1" stop-color="#2D6BFF"/></linearGradient>` +
    `<g clip-path="url(#gp-tri)">` +
    `<path fill="url(#gp-b)" d="${poly(A, J, B)}"/>` +
    `<path fill="#1FD17A" d="${poly([-1, -1], [26, -1], P1, J)}"/>` +
    `<path fill="#FF4262" d="${poly(J, P2, [26, 29], [-1, 29])}"/>` +
    `<path fill="#FFC21A" d="${poly(J, P1, [26, -1], [26, 29], P2)}"/>` +
    `</g></g>`;
  const small = text(regular, 'GET IT ON', { size: 10.5, x: 52, y: 23, tracking: 90 });
  const big = text(regular, 'Google Play', { size: 24, x: 51, y: 44, tracking: -20 });
  if (big.right > 190) throw new Error('Google Play text too wide');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="56" viewBox="0 0 200 56" role="img" aria-labelledby="gp-t">` +
    `<title id="gp-t">Get it on Google Play</title>${BADGE_FRAME}${glyph}` +
    `<path fill="#fff" d="${small.d}"/><path fill="#fff" d="${big.d}"/></svg>\n`
  );
}

/* ---------------------------------------------------------------- main */

function write(rel, data) {
  const file = path.join(PUBLIC, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, data);
  console.log(`${rel.padEnd(30)} ${fs.statSync(file).size} bytes`);
}

async function main() {
  write('brand/logo-for-dark-theme.svg', logoSvg('dark'));
  write('brand/logo-for-light-theme.svg', logoSvg('light'));
  write('brand/logo-fallback.svg', markOnlySvg(40, 'swf'));
  write('favicon.svg', markOnlySvg(32, 'swi'));
  write('badges/app-store.svg', appStoreSvg());
  write('badges/google-play.svg', googlePlaySvg());
  if (process.argv.includes('--svg-only')) return;
  const { screenshotHtml } = require('./lib/browser');
  const png = await screenshotHtml(touchIconHtml(), { width: 180, height: 180 });
  write('apple-touch-icon.png', await optimisePng(png));
}

/** Shrink a PNG with ffmpeg: 256-colour dithered palette + best zlib settings (falls back to the input). */
async function optimisePng(png) {
  const { spawnSync } = require('node:child_process');
  const res = spawnSync(
    'ffmpeg',
    [
      '-v',
      'error',
      '-f',
      'png_pipe',
      '-i',
      '-',
      '-filter_complex',
      '[0]split[a][b];[a]palettegen=max_colors=256:stats_mode=full[p];[b][p]paletteuse=dither=floyd_steinberg',
      '-pred',
      'mixed',
      '-compression_level',
      '9',
      '-f',
      'image2pipe',
      '-c:v',
      'png',
      '-',
    ],
    { input: png, maxBuffer: 64 << 20 },
  );
  return res.status === 0 && res.stdout.length && res.stdout.length < png.length ? res.stdout : png;
}

module.exports = { markSvg, text, C, fonts: { bold, regular }, optimisePng };

if (require.main === module) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
