import { plainTextSelectors } from '@react-email/render';
import { compile } from 'html-to-text';
import { createElement, type FunctionComponent, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

export interface RenderedEmail {
  html: string;
  text: string;
}

const XHTML_DOCTYPE = '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/**
 * @react-email/render's toPlainText, compiled once: its own version compiles the same options
 * on every call, which was the largest share of a welcome email's CPU (node --cpu-prof).
 */
const toPlainText = compile({ wordwrap: false, selectors: plainTextSelectors });

/**
 * What @react-email/render's render() does, synchronously: its own version loads react-dom
 * through a dynamic import() that Jest's module sandbox refuses.
 */
export function renderEmail(element: ReactElement): RenderedEmail {
  const html = `${XHTML_DOCTYPE}${renderToStaticMarkup(element)}`;
  return { html, text: toPlainText(html) };
}

/** Slot i is rendered as this token; html-to-text upper-cases it inside headings. */
const SLOT = /(xslot|XSLOT)(\d+)[xX]/;
const token = (i: number) => `xslot${i}x`;
const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };
/** As React escapes text and attribute values. */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
/** As html-to-text collapses whitespace in text. */
const collapseWhitespace = (value: string) => value.replace(/[ \t\r\n\f\u200b]+/g, ' ');
/** Templates keyed by their fixed props; a caller that varies a prop it did not declare a slot would fill this. */
const MAX_VARIANTS = 32;

/**
 * A React Email template for a high-volume email: rendered (React, then html-to-text) once per
 * combination of its fixed props, with a token in each slot, then filled in for each email,
 * escaped as React would escape it. Rendering the same tree for every email was most of a
 * welcome email's CPU under a burst. A slot must be a value the template shows or links to as
 * it is, never transforms or tests; the template's spec checks the output is exactly what a
 * full render gives.
 */
export class EmailTemplate<P extends object> {
  private readonly variants = new Map<string, { html: string[]; text: string[] }>();

  constructor(
    private readonly component: FunctionComponent<P>,
    private readonly slots: readonly (keyof P & string)[],
  ) {}

  render(props: P): RenderedEmail {
    const compiled = this.compiled(props);
    const values = this.slots.map((slot) => String(props[slot]));
    return {
      html: fill(compiled.html, (i) => escapeHtml(values[i])),
      text: fill(compiled.text, (i, upper) => collapseWhitespace(upper ? values[i].toUpperCase() : values[i])),
    };
  }

  private compiled(props: P): { html: string[]; text: string[] } {
    const fixed = Object.entries(props).filter(([key]) => !this.slots.includes(key as keyof P & string));
    const key = JSON.stringify(fixed);
    let compiled = this.variants.get(key);
    if (!compiled) {
      const withTokens = { ...props, ...Object.fromEntries(this.slots.map((slot, i) => [slot, token(i)])) };
      const { html, text } = renderEmail(createElement(this.component, withTokens));
      compiled = { html: html.split(new RegExp(SLOT, 'g')), text: text.split(new RegExp(SLOT, 'g')) };
      if (this.variants.size >= MAX_VARIANTS) this.variants.clear();
      this.variants.set(key, compiled);
    }
    return compiled;
  }
}

/** `parts` is a split on SLOT: literal, token prefix, slot number, literal, ... */
function fill(parts: string[], value: (slot: number, upper: boolean) => string): string {
  let out = parts[0];
  for (let i = 1; i < parts.length; i += 3) out += value(Number(parts[i + 1]), parts[i] === 'XSLOT') + parts[i + 2];
  return out;
}
