import { cjkNicknameSchema } from '@site/contract';

/** The contract's own check, run before sending: the first problem in zh-TW, or undefined. */
export function nicknameProblem(nickname: string): string | undefined {
  const result = cjkNicknameSchema.safeParse(nickname);
  return result.success ? undefined : result.error.issues[0]?.message;
}
