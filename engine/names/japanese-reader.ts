// Japanese names as their holders romanise them. Kanji have no reading of their own: 三菱商事 is Mitsubishi Shoji,
// where a Chinese reader says san ling shang shi. kuromoji's morphological analyser and its IPADIC dictionary find the
// words and each word's reading (ミツビシ, ショウジ); wanakana writes those in Latin letters, long vowels as names
// write them (Shoji, not Shouji). The dictionary takes about 110 MB, nearly all in typed arrays, and a quarter of a
// second to load: it is loaded the first time a name with kanji is read, not before.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import DynamicDictionaries from 'kuromoji/src/dict/DynamicDictionaries.js';
import Tokenizer from 'kuromoji/src/Tokenizer.js';
import { toRomaji } from 'wanakana';
import { appFile, isSingleExecutable } from '../runtime/app-files.js';
import { compactTargetMap } from './kuromoji-target-map.js';

/** Where the executable keeps the dictionary among its files (tools/build-exe.ts copies it there). */
export const JAPANESE_DICTIONARY_FILES = 'kuromoji-dict';

function dictionaryDir(): string {
  if (isSingleExecutable()) return appFile(JAPANESE_DICTIONARY_FILES);
  return path.join(path.dirname(createRequire(import.meta.url).resolve('kuromoji/package.json')), 'dict');
}

function loadTokenizer(): Tokenizer {
  const dir = dictionaryDir();
  // The package's files are gzipped; the executable's are extracted unpacked (base.dat for base.dat.gz).
  const read = (file: string): ArrayBuffer => {
    const unpacked = path.join(dir, file.slice(0, -'.gz'.length));
    const bytes = existsSync(unpacked) ? readFileSync(unpacked) : gunzipSync(readFileSync(path.join(dir, file)));
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  };
  const dictionaries = new DynamicDictionaries();
  dictionaries.loadTrie(new Int32Array(read('base.dat.gz')), new Int32Array(read('check.dat.gz')));
  // As loadTokenInfoDictionaries does, but with the map from words to entries in typed arrays (kuromoji-target-map.ts).
  const words = dictionaries.token_info_dictionary;
  words.loadDictionary(new Uint8Array(read('tid.dat.gz')));
  words.loadPosVector(new Uint8Array(read('tid_pos.dat.gz')));
  words.target_map = compactTargetMap(new Uint8Array(read('tid_map.dat.gz')));
  dictionaries.loadConnectionCosts(new Int16Array(read('cc.dat.gz')));
  dictionaries.loadUnknownDictionaries(
    new Uint8Array(read('unk.dat.gz')),
    new Uint8Array(read('unk_pos.dat.gz')),
    new Uint8Array(read('unk_map.dat.gz')),
    new Uint8Array(read('unk_char.dat.gz')),
    new Uint32Array(read('unk_compat.dat.gz')),
    new Uint8Array(read('unk_invoke.dat.gz')),
  );
  return new Tokenizer(dictionaries);
}

let tokenizer: Tokenizer | undefined;

/** Kanji: the CJK unified ideographs and extension A, and the iteration mark 々. */
const KANJI = /[\u3400-\u4dbf\u4e00-\u9fff\u3005]/;

/**
 * `text` with its Japanese words read in Latin letters, a word per space (株式会社東芝 → kabushikigaisha toshiba;
 * トヨタ自動車株式会社 → toyotajidosha kabushikigaisha), or null when it has no kanji to read, or kanji the
 * dictionary cannot read: those are most often simplified Chinese (华为技术有限公司), and half a Japanese reading
 * beside pinyin's whole one (华 为 waza 术) is a name nobody writes. Other words the dictionary does not know (Latin
 * letters, digits) keep their letters for the general transliteration.
 */
export function japaneseReading(text: string): string | null {
  if (!KANJI.test(text)) return null;
  tokenizer ??= loadTokenizer();
  const words: string[] = [];
  for (const token of tokenizer.tokenize(text)) {
    // The pronunciation marks long vowels with ー (サトー, ショージ), which names leave out (Sato, Shoji); the reading
    // writes them as letters (サトウ), and so cannot tell them from two vowels (イノウエ, Inoue).
    const spoken = token.pronunciation ?? token.reading;
    const reading = spoken === undefined || spoken === '*' ? null : spoken.replaceAll('ー', '');
    if (reading === null && KANJI.test(token.surface_form)) return null;
    words.push(reading === null ? token.surface_form : toRomaji(reading).toLowerCase());
  }
  return words.join(' ').replace(/\s+/g, ' ').trim();
}
