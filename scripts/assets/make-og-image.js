#!/usr/bin/env node
'use strict';
/**
 * make-og-image.js: renders the link-preview image frontend/public/og-image.png (1200x630).
 *
 *   node scripts/assets/make-og-image.js
 *
 * Composes an HTML page in headless Chromium (playwright-core + /usr/bin/chromium, or
 * CHROMIUM_PATH) and screenshots it: a dark backdrop with orange/blue glows and court lines, the
 * light wordmark (brand/logo-for-dark-theme.svg), the headline "Train like the Pros, Become one."
 * and a phone showing the demo poster (media/demo-poster.webp). Run make-brand-assets.js and
 * make-demo-clip.js first; missing inputs are skipped. The screenshot is then reduced to a 256-colour dithered
 * PNG with ffmpeg when that is smaller, keeping the file under 150 KB (--truecolour skips that).
 */
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { screenshotHtml } = require('./lib/browser');

const PUBLIC = path.resolve(__dirname, '../../frontend/public');
const W = 1200,
  H = 630;
const OUT = path.join(PUBLIC, 'og-image.png');

const dataUrl = (rel, mime) => {
  const file = path.join(PUBLIC, rel);
  return fs.existsSync(file) ? `data:${mime};base64,${fs.readFileSync(file).toString('base64')}` : null;
};

/** Light-weight backdrop: glows + a few court lines (the full hero art costs ~100 KB as PNG). */
function backdrop() {
  const lines = [
    'M-40 700 C 180 420, 560 330, 900 360 S 1300 470, 1320 520', // three-point arc sweep
    'M600 700 L 760 430 L 1240 430',
    'M500 700 C 560 560, 700 500, 840 505',
  ];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
<defs><linearGradient id="l" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#8FB0FF" stop-opacity="0"/><stop offset=".55" stop-color="#8FB0FF" stop-opacity=".13"/><stop offset="1" stop-color="#8FB0FF" stop-opacity=".22"/></linearGradient></defs>
<g fill="none" stroke="url(#l)" stroke-width="3">${lines.map((d) => `<path d="${d}"/>`).join('')}</g>
</svg>`;
}

function html() {
  const bg = `data:image/svg+xml;base64,${Buffer.from(backdrop()).toString('base64')}`;
  const logo = dataUrl('brand/logo-for-dark-theme.svg', 'image/svg+xml');
  const poster = dataUrl('media/demo-poster.webp', 'image/webp');
  return `<!doctype html><html><head><style>
  * { box-sizing: border-box; margin: 0; }
  body { width: ${W}px; height: ${H}px; overflow: hidden; background: #070B14; position: relative;
    font-family: "Liberation Sans", Arial, Helvetica, sans-serif; color: #F5F7FB; }
  .bg { position: absolute; inset: 0; background:
    radial-gradient(520px 400px at 80% 46%, rgba(255,110,20,.24), rgba(255,110,20,0) 70%),
    radial-gradient(520px 380px at 0% 0%, rgba(47,107,255,.16), rgba(47,107,255,0) 70%),
    #070B14; }
  .lines { position: absolute; inset: 0; background: url(${bg}) no-repeat; }
  .copy { position: absolute; left: 72px; top: 64px; width: 640px; }
  .logo { height: 52px; display: block; }
  h1 { margin-top: 92px; font-size: 70px; line-height: 1.04; font-weight: 700; letter-spacing: -1.5px; }
  h1 .accent { color: #FF7A1A; }
  p { margin-top: 26px; font-size: 25px; line-height: 1.4; color: #B9C6E2; width: 560px; }
  .tags { position: absolute; left: 72px; bottom: 58px; display: flex; gap: 12px; }
  .tag { font-size: 18px; font-weight: 700; padding: 9px 16px; border-radius: 999px; border: 1.5px solid rgba(76,201,255,.45);
    background: rgba(8,12,22,.7); color: #D5DEF2; }
  .phone { position: absolute; right: 104px; top: 34px; width: 326px; height: 562px; border-radius: 46px; padding: 12px;
    background: linear-gradient(145deg, #2A3550, #101725 55%, #1C2438); box-shadow: 0 30px 80px rgba(0,0,0,.6), 0 0 0 1.5px rgba(255,255,255,.10) inset, 0 0 90px rgba(255,122,26,.18); }
  .screen { width: 100%; height: 100%; border-radius: 36px; overflow: hidden; background: #0A0E17; position: relative; }
  .screen img { width: 100%; height: 100%; object-fit: cover; object-position: 50% 0; display: block; }
  .notch { position: absolute; top: 9px; left: 50%; transform: translateX(-50%); width: 64px; height: 18px; border-radius: 14px; background: #05070C; }
</style></head><body>
<div class="bg"></div><div class="lines"></div>
<div class="copy">
  ${logo ? `<img class="logo" src="${logo}" alt="Swishly">` : '<div style="font-size:44px;font-weight:800;font-style:italic">Swishly</div>'}
  <h1>Train like the Pros,<br><span class="accent">Become one.</span></h1>
  <p>Your AI shooting coach: elbow angle, release point, follow-through and balance, on every shot.</p>
</div>
<div class="tags"><span class="tag">Elbow angle</span><span class="tag">Release point</span><span class="tag">Follow-through</span><span class="tag">Balance</span></div>
${poster ? `<div class="phone"><div class="screen"><img src="${poster}" alt=""><div class="notch"></div></div></div>` : ''}
</body></html>`;
}

function paletted(png) {
  // 256-colour palette with gentle dithering: gradients stay smooth, the file shrinks ~3x.
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
  return res.status === 0 && res.stdout.length ? res.stdout : null;
}

async function main() {
  const png = await screenshotHtml(html(), { width: W, height: H });
  const small = process.argv.includes('--truecolour') ? null : paletted(png);
  const out = small && small.length < png.length ? small : png;
  fs.writeFileSync(OUT, out);
  console.log(`og-image.png ${W}x${H} ${out.length} bytes${out === small ? ' (256-colour)' : ''}; truecolour was ${png.length} bytes`);
  if (out.length > 150 * 1024) console.warn('warning: og-image.png is over 150 KB');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
