import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One chunk of Vite's build manifest (frontend/dist/.vite/manifest.json, `build.manifest`). */
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/** Vite's build manifest: chunks by source path (e.g. `src/app/pages/home-page.tsx`). */
export type ViteManifest = Record<string, ManifestChunk>;

/** The frontend build's manifest; null where there is none (no build yet, the Vite dev server). */
export function readViteManifest(frontendDist: string): ViteManifest | null {
  try {
    return JSON.parse(readFileSync(join(frontendDist, '.vite', 'manifest.json'), 'utf8')) as ViteManifest;
  } catch {
    return null;
  }
}

/**
 * The URLs a page should `modulepreload` so its lazily loaded screens (manifest keys) arrive
 * with the app's code instead of after it has run: each screen's chunk and the chunks it
 * imports, less the entry's own (index.html preloads those). Unknown screens give nothing.
 */
export function screenModuleUrls(manifest: ViteManifest, screens: readonly string[]): string[] {
  const withImports = (key: string, into: Set<string>): Set<string> => {
    if (into.has(key) || !manifest[key]) return into;
    into.add(key);
    for (const imported of manifest[key].imports ?? []) withImports(imported, into);
    return into;
  };
  const entry = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) withImports(key, entry);
  const wanted = new Set<string>();
  for (const screen of screens) withImports(screen, wanted);
  return [...wanted].filter((key) => !entry.has(key)).map((key) => `/${manifest[key].file}`);
}
