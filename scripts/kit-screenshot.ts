/**
 * The printed trustee kit for docs/ (issue 38, item 1): `npx tsx scripts/kit-screenshot.ts`. Makes
 * the kit of a real family's long names (owner "Margaret Eleanor Whitfield-Hughes", trustee "David
 * Alexander Whitfield-Hughes") with web/features/trustees/kits/kit-pdf.ts and a kit of random
 * bytes (no one's), and renders its page with poppler's `pdftoppm -png -r 80` to
 * docs/screenshots/trustee-kit-long-names.png. Not part of `npm test`.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BINDER_FONT_FILES } from '../shared/binder/fonts';
import { encodeKitCode, kitFingerprint, kitFragment } from '../shared/crypto/trustee-kit';
import { buildKitPdf } from '../web/features/trustees/kits/kit-pdf';

const font = (file: string) => new Uint8Array(readFileSync(createRequire(import.meta.url).resolve(file)));
const kit = { generation: 1, index: 1, share: crypto.getRandomValues(new Uint8Array(33)), t: crypto.getRandomValues(new Uint8Array(16)) };
const page = 'https://afterword.example/kit/q3XcV9nK2LmP8rT4wY6zBa';
const pdf = await buildKitPdf(
  {
    people: { ownerName: 'Margaret Eleanor Whitfield-Hughes', ownerFirstName: 'Margaret', trusteeName: 'David Alexander Whitfield-Hughes', k: 2, n: 3 },
    index: 1,
    code: encodeKitCode(kit),
    page,
    link: `${page}#${kitFragment(kit)}`,
    fingerprint: await kitFingerprint('an example commitment'),
    madeAt: new Date('2026-11-29T10:00:00Z'),
  },
  { regular: font(BINDER_FONT_FILES.regular), bold: font(BINDER_FONT_FILES.bold) },
);
const dir = mkdtempSync(join(tmpdir(), 'kit-shot-'));
writeFileSync(join(dir, 'kit.pdf'), pdf);
execFileSync('pdftoppm', ['-png', '-r', '80', '-singlefile', join(dir, 'kit.pdf'), join(dir, 'kit')]);
copyFileSync(join(dir, 'kit.png'), join(import.meta.dirname, '..', 'docs', 'screenshots', 'trustee-kit-long-names.png'));
console.log('docs/screenshots/trustee-kit-long-names.png');
