import type { TFunction } from 'i18next';

/**
 * 'settings.feedback.update' as words when the catalogue has no label for it (an action added
 * on the server before its label): "Settings › feedback › update", never the dotted key.
 */
export function humaniseAction(action: string): string {
  const parts = action
    .split('.')
    .map((part) => part.replace(/[-_]+/g, ' ').trim())
    .filter(Boolean);
  const [first, ...rest] = parts;
  if (first === undefined) return action;
  return [first.charAt(0).toUpperCase() + first.slice(1), ...rest].join(' › ');
}

/** What an audit action is called on screen: its label in `audit:actions`, else humanised. */
export function actionLabel(t: TFunction<'audit'>, action: string): string {
  const key = `actions.${action}`;
  const label: unknown = t(key, { defaultValue: '', returnObjects: true });
  return typeof label === 'string' && label !== '' ? label : humaniseAction(action);
}
