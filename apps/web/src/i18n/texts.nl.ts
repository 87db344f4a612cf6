import { mergeTexts } from './merge';

/** The Dutch texts of every area: a chunk of their own, loaded only when Dutch is shown. */
export default mergeTexts(import.meta.glob('./*.nl.json', { eager: true }));
