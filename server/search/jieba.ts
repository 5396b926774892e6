import { Jieba } from "@node-rs/jieba";
import { dict } from "@node-rs/jieba/dict.js";

let instance: Jieba | undefined;

/** One dictionary load per process (about 300 ms), on first use. */
function jieba(): Jieba {
  instance ??= Jieba.withDict(dict);
  return instance;
}

const TOKEN = /^[\p{L}\p{N}]+$/u;

/** Words for the ranking index: every dictionary word jieba sees, including sub-words. */
export function indexWords(text: string): string[] {
  return jieba()
    .cutForSearch(text.normalize("NFKC").toLowerCase(), true)
    .filter((w) => TOKEN.test(w));
}

/** Words of a query fragment, for "the title contains it as a whole word". */
export function queryWords(text: string): string[] {
  return jieba()
    .cut(text.normalize("NFKC").toLowerCase(), true)
    .filter((w) => TOKEN.test(w));
}

export function warmJieba(): void {
  jieba();
}
