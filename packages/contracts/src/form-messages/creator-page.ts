// The form messages of a creator's public page (the studio's profile form), in English. Zod-free and small: a
// schema loads only its own area's texts; ../form-messages.ts joins every area's, and es/de/ar translate them.
import { messageOf } from './fill';

export const CREATOR_PAGE_FORM_MESSAGES = {
  'creatorPage.linkLabel': 'Each link needs a label of at most {{max}} characters',
  'creatorPage.linkUrl': 'Each link must be a full https:// address',
  'creatorPage.linksMax': 'A creator has at most {{max}} links',
  'creatorPage.bioMax': 'The bio must be at most {{max}} characters',
} as const;

export const creatorPageMessage = messageOf(CREATOR_PAGE_FORM_MESSAGES);
