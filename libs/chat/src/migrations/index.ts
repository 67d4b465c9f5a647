import { ChatMessages1763700001300 } from './1763700001300-chat-messages';

/** The chat module's tables, in order (the apps run them with the platform's: prepareDatabase). */
export const CHAT_MIGRATIONS = [ChatMessages1763700001300];
