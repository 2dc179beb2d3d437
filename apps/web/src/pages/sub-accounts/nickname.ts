import { cjkNicknameSchema } from '@site/contract';

/** The contract's own check, run before sending: the first problem in zh-TW, or undefined. */
export function nicknameProblem(nickname: string): string | undefined {
  const result = cjkNicknameSchema.safeParse(nickname);
  return result.success ? undefined : result.error.issues[0]?.message;
}

/** Puts the person back on the nickname box of `form`, whose problem is now read with it. */
export function focusNickname(form: HTMLFormElement): void {
  form.querySelector<HTMLInputElement>('input[name="nickname"]')?.focus();
}
