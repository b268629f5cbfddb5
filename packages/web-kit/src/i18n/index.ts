export { defineStrings, setLanguage, useStrings } from './strings';
export { withPart, withParts } from './withPart';
export type { EnglishStrings, Plural, Strings, Translate } from './strings';
export { currentLanguage, startingLanguage } from './language';
export { followAccountLanguage } from './account';
export { LanguagePicker, useLanguage } from './LanguagePicker';
export { usePlanWords } from './plan';
