import { pickLanguage } from '@/app/language';
import { PublicFrame, type PublicPageProps } from './public-frame';

/** The frame of the app's pages before signing in (`PublicFrame`), picking the language with the app's texts. */
export function PublicPage(props: PublicPageProps) {
  return <PublicFrame {...props} onPickLanguage={pickLanguage} />;
}
