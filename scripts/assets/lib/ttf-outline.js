'use strict';
/**
 * Tiny dependency-free TrueType outline reader, used to turn the brand wordmark and the
 * badge captions into SVG paths (so they render identically without web fonts).
 * Supports: cmap format 4, hmtx advances, glyf simple + composite glyphs (offset-only).
 * Glyph outlines are returned in font units (y up); `textToPath` converts to SVG units (y down).
 */
const fs = require('node:fs');

function loadFont(file) {
  const buf = fs.readFileSync(file);
  const numTables = buf.readUInt16BE(4);
  const tables = {};
  for (let i = 0; i < numTables; i++) {
    const o = 12 + i * 16;
    tables[buf.toString('latin1', o, o + 4)] = { offset: buf.readUInt32BE(o + 8), length: buf.readUInt32BE(o + 12) };
  }
  const head = tables.head.offset;
  const unitsPerEm = buf.readUInt16BE(head + 18);
  const indexToLocFormat = buf.readInt16BE(head + 50);
  const numGlyphs = buf.readUInt16BE(tables.maxp.offset + 4);
  const hhea = tables.hhea.offset;
  const ascender = buf.readInt16BE(hhea + 4);
  const descender = buf.readInt16BE(hhea + 6);
  const numHMetrics = buf.readUInt16BE(hhea + 34);

  const loca = [];
  for (let i = 0; i <= numGlyphs; i++) {
    loca.push(indexToLocFormat === 0 ? buf.readUInt16BE(tables.loca.offset + i * 2) * 2 : buf.readUInt32BE(tables.loca.offset + i * 4));
  }
  const advance = (gid) => buf.readUInt16BE(tables.hmtx.offset + Math.min(gid, numHMetrics - 1) * 4);

  // cmap: find a format-4 Unicode BMP subtable
  const cmap = tables.cmap.offset;
  let sub = null;
  for (let i = 0, n = buf.readUInt16BE(cmap + 2); i < n; i++) {
    const pid = buf.readUInt16BE(cmap + 4 + i * 8),
      eid = buf.readUInt16BE(cmap + 6 + i * 8);
    const off = cmap + buf.readUInt32BE(cmap + 8 + i * 8);
    if (buf.readUInt16BE(off) === 4 && ((pid === 3 && eid === 1) || pid === 0)) {
      sub = off;
      break;
    }
  }
  const segX2 = buf.readUInt16BE(sub + 6);
  const ends = sub + 14,
    starts = ends + segX2 + 2,
    deltas = starts + segX2,
    ranges = deltas + segX2;
  function glyphId(code) {
    for (let s = 0; s < segX2 / 2; s++) {
      const end = buf.readUInt16BE(ends + s * 2);
      if (code > end) continue;
      const start = buf.readUInt16BE(starts + s * 2);
      if (code < start) return 0;
      const delta = buf.readInt16BE(deltas + s * 2);
      const ro = buf.readUInt16BE(ranges + s * 2);
      if (ro === 0) return (code + delta) & 0xffff;
      const g = buf.readUInt16BE(ranges + s * 2 + ro + (code - start) * 2);
      return g === 0 ? 0 : (g + delta) & 0xffff;
    }
    return 0;
  }

  /** Returns contours: arrays of {x, y, on}. */
  function glyphContours(gid) {
    const start = tables.glyf.offset + loca[gid],
      end = tables.glyf.offset + loca[gid + 1];
    if (end <= start) return [];
    const nc = buf.readInt16BE(start);
    if (nc >= 0) {
      let p = start + 10;
      const endPts = [];
      for (let i = 0; i < nc; i++, p += 2) endPts.push(buf.readUInt16BE(p));
      const n = endPts[nc - 1] + 1;
      p += 2 + buf.readUInt16BE(p);
      const flags = [];
      while (flags.length < n) {
        const f = buf[p++];
        flags.push(f);
        if (f & 8) {
          let r = buf[p++];
          while (r--) flags.push(f);
        }
      }
      const xs = [],
        ys = [];
      let v = 0;
      for (const f of flags) {
        if (f & 2) {
          const d = buf[p++];
          v += f & 16 ? d : -d;
        } else if (!(f & 16)) {
          v += buf.readInt16BE(p);
          p += 2;
        }
        xs.push(v);
      }
      v = 0;
      for (const f of flags) {
        if (f & 4) {
          const d = buf[p++];
          v += f & 32 ? d : -d;
        } else if (!(f & 32)) {
          v += buf.readInt16BE(p);
          p += 2;
        }
        ys.push(v);
      }
      const contours = [];
      let s = 0;
      for (const e of endPts) {
        const c = [];
        for (let i = s; i <= e; i++) c.push({ x: xs[i], y: ys[i], on: !!(flags[i] & 1) });
        contours.push(c);
        s = e + 1;
      }
      return contours;
    }
    // composite
    let p = start + 10;
    const out = [];
    for (;;) {
      const flags = buf.readUInt16BE(p),
        gi = buf.readUInt16BE(p + 2);
      p += 4;
      let dx, dy;
      if (flags & 1) {
        dx = buf.readInt16BE(p);
        dy = buf.readInt16BE(p + 2);
        p += 4;
      } else {
        dx = buf.readInt8(p);
        dy = buf.readInt8(p + 1);
        p += 2;
      }
      let a = 1,
        b = 0,
        c = 0,
        d = 1;
      const f2 = (o) => buf.readInt16BE(o) / 16384;
      if (flags & 8) {
        a = d = f2(p);
        p += 2;
      } else if (flags & 0x40) {
        a = f2(p);
        d = f2(p + 2);
        p += 4;
      } else if (flags & 0x80) {
        a = f2(p);
        b = f2(p + 2);
        c = f2(p + 4);
        d = f2(p + 6);
        p += 8;
      }
      for (const con of glyphContours(gi)) out.push(con.map((pt) => ({ x: a * pt.x + c * pt.y + dx, y: b * pt.x + d * pt.y + dy, on: pt.on })));
      if (!(flags & 0x20)) break;
    }
    return out;
  }

  return { unitsPerEm, ascender, descender, glyphId, advance, glyphContours };
}

/** Contours -> compact SVG path data (relative commands). tf maps font units to SVG coordinates. */
function contoursToPath(contours, tf, decimals = 2) {
  const f = 10 ** decimals;
  const q = (v) => Math.round(v * f); // integer grid, so relative deltas never drift
  const num = (n) => {
    const v = n / f;
    const str = String(Math.round(v * f) / f);
    return str.replace(/^(-?)0\./, '$1.');
  };
  let d = '';
  let px = 0,
    py = 0; // current point on the integer grid
  const pair = (pt) => {
    const [x, y] = tf(pt.x, pt.y);
    return [q(x), q(y)];
  };
  const rel = (a) => {
    const out = `${num(a[0] - px)}${a[1] - py < 0 ? '' : ' '}${num(a[1] - py)}`;
    return out;
  };
  for (const c0 of contours) {
    if (!c0.length) continue;
    // rotate so the contour starts on an on-curve point (insert a midpoint if none)
    let c = c0.slice();
    let k = c.findIndex((p) => p.on);
    if (k < 0) {
      c = [{ x: (c[0].x + c[1].x) / 2, y: (c[0].y + c[1].y) / 2, on: true }, ...c.slice(1), c[0]];
      k = 0;
    }
    c = c.slice(k).concat(c.slice(0, k));
    const start = pair(c[0]);
    d += `${d ? 'm' : 'M'}${d ? rel(start) : `${num(start[0])} ${num(start[1])}`}`;
    [px, py] = start;
    const segs = [];
    for (let i = 1; i <= c.length; i++) {
      const cur = c[i % c.length];
      if (cur.on) {
        segs.push(['l', pair(cur)]);
        continue;
      }
      const nxt = c[(i + 1) % c.length];
      const end = nxt.on ? nxt : { x: (cur.x + nxt.x) / 2, y: (cur.y + nxt.y) / 2, on: true };
      segs.push(['q', pair(cur), pair(end)]);
      if (nxt.on) i++;
    }
    // a final straight line back to the start is implied by z
    const last = segs[segs.length - 1];
    if (last && last[0] === 'l' && last[1][0] === start[0] && last[1][1] === start[1]) segs.pop();
    let prev = '';
    for (const s of segs) {
      let body;
      if (s[0] === 'l') {
        body = rel(s[1]);
        [px, py] = s[1];
      } else {
        const a = rel(s[1]);
        const b = rel(s[2]);
        body = `${a}${b.startsWith('-') ? '' : ' '}${b}`;
        [px, py] = s[2];
      }
      d += prev === s[0] ? (body.startsWith('-') ? body : ` ${body}`) : `${s[0]}${body}`;
      prev = s[0];
    }
    d += 'z';
    [px, py] = start;
  }
  return d;
}

/**
 * Lay out `text` and return { d, width } in SVG units.
 * opts: size (px per em), x, y (baseline), tracking (em/1000 added per glyph), kern (map 'ab' -> units), skew (deg, positive leans right)
 */
function textToPath(font, text, opts = {}) {
  const { size = 16, x = 0, y = 0, tracking = 0, kern = {}, skew = 0 } = opts;
  const s = size / font.unitsPerEm;
  const sk = Math.tan((skew * Math.PI) / 180);
  let pen = 0,
    d = '';
  const chars = [...text];
  chars.forEach((ch, i) => {
    const gid = font.glyphId(ch.codePointAt(0));
    const ox = pen;
    d += contoursToPath(font.glyphContours(gid), (gx, gy) => [x + (ox + gx + gy * sk) * s, y - gy * s]);
    pen += font.advance(gid) + tracking + (kern[ch + (chars[i + 1] || '')] || 0);
  });
  return { d, width: (pen - tracking) * s };
}

module.exports = { loadFont, textToPath, contoursToPath };
