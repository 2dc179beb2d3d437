import {
  loginReplySchema,
  partnerBindingReplySchema,
  siteCalls,
  type LoginInfo,
} from '@site/contract';
import { postJson } from './client';

/** Calls of the member's own account: sign-up, login, password, devices and partner binding. */

export type LoginReply = LoginInfo & { needSubaccountSelect: 'Y' | 'N' };
export type PartnerBinding = ReturnType<typeof partnerBindingReplySchema.parse>['data']['binding'];

const schemas = import.meta.env.DEV
  ? { login: loginReplySchema.shape.data, binding: partnerBindingReplySchema.shape.data }
  : undefined;

export interface Credentials {
  loginId: string;
  password: string;
}

export function login(credentials: Credentials): Promise<LoginReply> {
  return postJson(siteCalls.login, credentials, schemas?.login);
}

export function signUp(credentials: Credentials): Promise<LoginReply> {
  return postJson(siteCalls.signUp, credentials, schemas?.login);
}

export function changePassword(body: { oldPassword: string; newPassword: string }) {
  return postJson(siteCalls.changePassword, body, undefined);
}

export function logoutAllDevices() {
  return postJson(siteCalls.logoutAllDevices, {}, undefined);
}

export function setKidPin(body: { password: string; pin: string }) {
  return postJson(siteCalls.setKidPin, body, undefined);
}

export async function bindTelecom(body: {
  partnerAccountId: string;
  verificationCode: string;
}): Promise<PartnerBinding> {
  return (await postJson(siteCalls.bindLoginData, body, schemas?.binding)).binding;
}

export async function bindKbro(body: {
  partnerAccountId: string;
  verificationCode: string;
  reserveType: '1' | '2';
}): Promise<PartnerBinding> {
  return (await postJson(siteCalls.kbroBindLoginData, body, schemas?.binding)).binding;
}
