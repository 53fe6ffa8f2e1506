export function ownCommentOnly(text: string): string;
export function internalFileMentions(text: string): string[];
