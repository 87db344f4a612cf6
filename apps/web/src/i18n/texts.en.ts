import { mergeTexts } from './merge';

/** The English texts of every area: a chunk of their own, loaded only when English is shown. */
export default mergeTexts(import.meta.glob('./*.en.json', { eager: true }));
