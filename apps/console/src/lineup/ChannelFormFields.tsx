import { uiWordingIds } from '@site/contract';
import {
  AD_BREAK_INTERVAL_MINUTES,
  AD_BREAK_SECONDS,
  CHANNEL_SOURCE_LABELS,
  PLAY_RIGHT_LABELS,
  UI_WORDING_LABELS,
  channelSourceSchema,
  type ChannelGroup,
} from '@site/contract/console';
import type { ReactNode } from 'react';
import { Field, describedBy } from '../ui/form';
import type { ChannelFormValues } from './channel-form';

const PLAY_RIGHTS = ['FREE', 'AVOD', 'SVOD'] as const;

interface Props {
  values: ChannelFormValues;
  set: (change: Partial<ChannelFormValues>) => void;
  problems: Record<string, string>;
  groups: readonly ChannelGroup[];
  isNew: boolean;
}

function Check({
  id,
  label,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="check">
      <input
        type="checkbox"
        id={id}
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

function Text({
  id,
  label,
  value,
  onChange,
  problem,
  hint,
  numeric = false,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  problem?: string | undefined;
  hint?: string;
  numeric?: boolean;
}) {
  return (
    <Field id={id} label={label} error={problem} {...(hint ? { hint } : {})}>
      <input
        type="text"
        {...(numeric ? { inputMode: 'numeric' as const } : {})}
        {...describedBy(id, problem, !!hint)}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </Field>
  );
}

function Choices({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="choices">
      <legend>{legend}</legend>
      {children}
    </fieldset>
  );
}

/** The channel form's controls: channelBean's fields, the ad plan of an AVOD channel, its groups. */
export function ChannelFormFields({ values, set, problems, groups, isNew }: Props) {
  const p = (id: string) => problems[id];
  return (
    <>
      {isNew && (
        <Text
          id="channel-channelId"
          label="頻道代碼"
          hint="英文字母、數字、- 與 _，建立後不能修改。"
          value={values.channelId}
          onChange={(channelId) => set({ channelId })}
          problem={p('channel-channelId')}
        />
      )}
      <Text
        id="channel-name"
        label="頻道名稱"
        value={values.name}
        onChange={(name) => set({ name })}
        problem={p('channel-name')}
      />
      <Field id="channel-description" label="頻道說明" error={p('channel-description')}>
        <textarea
          rows={3}
          {...describedBy('channel-description', p('channel-description'))}
          value={values.description}
          onChange={(e) => set({ description: e.target.value })}
        />
      </Field>
      <Choices legend="頻道類型">
        {(['0', '1'] as const).map((type) => (
          <div className="check" key={type}>
            <input
              type="radio"
              id={`channel-type-${type}`}
              name="channelType"
              checked={values.channelType === type}
              onChange={() => set({ channelType: type })}
            />
            <label htmlFor={`channel-type-${type}`}>
              {type === '0' ? '直播（只在播出時間播放）' : '活動頻道（隨時播放）'}
            </label>
          </div>
        ))}
      </Choices>
      <Choices legend="來源">
        {channelSourceSchema.options.map((source) => (
          <div className="check" key={source}>
            <input
              type="radio"
              id={`channel-source-${source}`}
              name="source"
              checked={values.source === source}
              onChange={() => set({ source })}
            />
            <label htmlFor={`channel-source-${source}`}>{CHANNEL_SOURCE_LABELS[source]}</label>
          </div>
        ))}
      </Choices>
      {values.source === 'origin' && (
        <Text
          id="channel-playoutClipIds"
          label="播出的影片檔代碼（以逗號分隔，依序輪播）"
          value={values.playoutClipIds}
          onChange={(playoutClipIds) => set({ playoutClipIds })}
          problem={p('channel-playoutClipIds')}
        />
      )}
      {values.source === 'youtube' && (
        <Text
          id="channel-youtubeId"
          label="YouTube 影片代碼（11 碼）"
          value={values.youtubeId}
          onChange={(youtubeId) => set({ youtubeId })}
          problem={p('channel-youtubeId')}
        />
      )}
      {values.source === 'twitch' && (
        <Text
          id="channel-twitchLogin"
          label="Twitch 頻道帳號"
          value={values.twitchLogin}
          onChange={(twitchLogin) => set({ twitchLogin })}
          problem={p('channel-twitchLogin')}
        />
      )}
      <Check
        id="channel-allowWeb"
        label="允許在網頁播放"
        checked={values.allowWeb}
        onChange={(allowWeb) => set({ allowWeb })}
      />
      <Check
        id="channel-openSimplePlayPage"
        label="開啟簡易播放頁"
        checked={values.openSimplePlayPage}
        onChange={(openSimplePlayPage) => set({ openSimplePlayPage })}
      />
      <Check
        id="channel-kidSafe"
        label="適合兒童（兒童帳號可見）"
        checked={values.kidSafe}
        onChange={(kidSafe) => set({ kidSafe })}
      />
      <Text
        id="channel-catchupHours"
        label="可回看時數（0 為不提供）"
        numeric
        value={values.catchupHours}
        onChange={(catchupHours) => set({ catchupHours })}
        problem={p('channel-catchupHours')}
      />
      <Choices legend="收看權利">
        {PLAY_RIGHTS.map((right) => (
          <div className="check" key={right}>
            <input
              type="radio"
              id={`channel-right-${right}`}
              name="playRightType"
              checked={values.playRightType === right}
              onChange={() => set({ playRightType: right })}
            />
            <label htmlFor={`channel-right-${right}`}>{PLAY_RIGHT_LABELS[right]}</label>
          </div>
        ))}
      </Choices>
      {values.playRightType === 'SVOD' && (
        <Text
          id="channel-serviceId"
          label="月租服務代碼"
          value={values.serviceId}
          onChange={(serviceId) => set({ serviceId })}
          problem={p('channel-serviceId')}
        />
      )}
      {values.playRightType === 'AVOD' && (
        <fieldset className="choices">
          <legend>廣告時段（變更自下一個開始的節目生效）</legend>
          {p('channel-ad-openingBreak') && (
            <p className="field__error">{p('channel-ad-openingBreak')}</p>
          )}
          <Check
            id="channel-ad-openingBreak"
            label="每個節目開始時播放廣告"
            checked={values.openingBreak}
            onChange={(openingBreak) => set({ openingBreak })}
          />
          <Text
            id="channel-ad-intervalMinutes"
            label={`節目中每隔幾分鐘一次（${AD_BREAK_INTERVAL_MINUTES.min}–${AD_BREAK_INTERVAL_MINUTES.max}，空白為不插播）`}
            numeric
            value={values.intervalMinutes}
            onChange={(intervalMinutes) => set({ intervalMinutes })}
            problem={p('channel-ad-intervalMinutes')}
          />
          <Text
            id="channel-ad-breakSeconds"
            label={`每次廣告秒數（${AD_BREAK_SECONDS.min}–${AD_BREAK_SECONDS.max}，偶數）`}
            numeric
            value={values.breakSeconds}
            onChange={(breakSeconds) => set({ breakSeconds })}
            problem={p('channel-ad-breakSeconds')}
          />
        </fieldset>
      )}
      <fieldset className="choices">
        <legend>訂閱文字（訂閱頻道必填）</legend>
        {uiWordingIds.map((id) => (
          <Text
            key={id}
            id={`channel-wording-${id}`}
            label={UI_WORDING_LABELS[id]}
            value={values.wordings[id]}
            onChange={(text) => set({ wordings: { ...values.wordings, [id]: text } })}
            problem={p(`channel-wording-${id}`)}
          />
        ))}
      </fieldset>
      <fieldset className="choices">
        <legend>贊助商標誌</legend>
        <Check
          id="channel-sponsorLogoShown"
          label="顯示贊助商標誌"
          checked={values.sponsorLogoShown}
          onChange={(sponsorLogoShown) => set({ sponsorLogoShown })}
        />
        {(['UR', 'L'] as const).map((position) => (
          <div className="check" key={position}>
            <input
              type="radio"
              id={`channel-logo-${position}`}
              name="sponsorLogoPosition"
              checked={values.sponsorLogoPosition === position}
              onChange={() => set({ sponsorLogoPosition: position })}
            />
            <label htmlFor={`channel-logo-${position}`}>
              {position === 'UR' ? '右上角' : '左側'}
            </label>
          </div>
        ))}
      </fieldset>
      <fieldset className="choices">
        <legend>所屬頻道群組</legend>
        {p('channel-groupIds') && <p className="field__error">{p('channel-groupIds')}</p>}
        {groups.map((g) => (
          <Check
            key={g.channelGroupId}
            id={`channel-group-${g.channelGroupId}`}
            label={g.title}
            checked={values.groupIds.includes(g.channelGroupId)}
            onChange={(on) =>
              set({
                groupIds: on
                  ? [...values.groupIds, g.channelGroupId]
                  : values.groupIds.filter((id) => id !== g.channelGroupId),
              })
            }
          />
        ))}
      </fieldset>
    </>
  );
}
