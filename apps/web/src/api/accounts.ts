import {
  callRoutes,
  loginReplySchema,
  partnerBindingReplySchema,
  type CallInput,
  type CallReply,
} from '@site/contract';
import { call } from './client';

/** Calls of the member's own account: sign-up, login, password, devices and partner binding. */

export type LoginReply = CallReply<typeof callRoutes.login>;
export type PartnerBinding = CallReply<typeof callRoutes.bindLoginData>['binding'];

const schemas = import.meta.env.DEV
  ? { login: loginReplySchema.shape.data, binding: partnerBindingReplySchema.shape.data }
  : undefined;

export type Credentials = CallInput<typeof callRoutes.login>;

export function login(credentials: Credentials): Promise<LoginReply> {
  return call(callRoutes.login, credentials, { check: schemas?.login });
}

/**
 * Sign-up's first step: the same answer whether or not the id is taken, where the confirmation
 * went (an e-mail link or an SMS code) and for how long (docs/adr/0044).
 */
export function signUp(credentials: CallInput<typeof callRoutes.signUp>) {
  return call(callRoutes.signUp, credentials);
}

/** Its second step: the e-mail link's token or the SMS code creates the account and logs in. */
export function confirmSignUp(
  body: CallInput<typeof callRoutes.confirmSignUp>,
): Promise<LoginReply> {
  return call(callRoutes.confirmSignUp, body, { check: schemas?.login });
}

export function changePassword(body: CallInput<typeof callRoutes.changePassword>) {
  return call(callRoutes.changePassword, body);
}

/** 忘記密碼: the reply is the same whether or not the id exists (how long a link is valid). */
export function requestPasswordReset(body: CallInput<typeof callRoutes.requestPasswordReset>) {
  return call(callRoutes.requestPasswordReset, body);
}

/** Sets a new password with a reset link's token; every session of the account ends. */
export function resetPassword(body: CallInput<typeof callRoutes.resetPassword>) {
  return call(callRoutes.resetPassword, body);
}

export function logoutAllDevices() {
  return call(callRoutes.logoutAllDevices, {});
}

export function setKidPin(body: CallInput<typeof callRoutes.setKidPin>) {
  return call(callRoutes.setKidPin, body);
}

export async function bindTelecom(
  body: CallInput<typeof callRoutes.bindLoginData>,
): Promise<PartnerBinding> {
  return (await call(callRoutes.bindLoginData, body, { check: schemas?.binding })).binding;
}

export async function bindKbro(
  body: CallInput<typeof callRoutes.kbroBindLoginData>,
): Promise<PartnerBinding> {
  return (await call(callRoutes.kbroBindLoginData, body, { check: schemas?.binding })).binding;
}
