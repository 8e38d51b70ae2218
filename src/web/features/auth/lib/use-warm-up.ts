import { useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { loadAuthClient } from '../../../api/load-auth-client';
import { googleEnabledQueryOptions } from '../api/get-public-config';

type Validation = typeof import('./validation');

let validation: Validation | null = null;
let loadingValidation: Promise<Validation | null> | null = null;

/** The forms' validators (zod and the domain schemas), fetched on first use. */
function loadValidation(): Promise<Validation | null> {
  loadingValidation ??= import('./validation').then(
    (m) => {
      validation = m;
      return m;
    },
    () => {
      // Offline: the server validates too; a later attempt may load it.
      loadingValidation = null;
      return null;
    },
  );
  return loadingValidation;
}

/** The loaded validators, or null before the first focus or submit (then nothing is checked). */
export const loadedValidation = (): Validation | null => validation;

/**
 * What a sign-in form needs beyond its first paint (its validation, better-auth's client
 * and, for the Google button, the public config's flag) is fetched as soon as the user starts on
 * the form: focusing a field or pressing a button. Spread the handlers onto the <form>.
 */
export function useWarmUp({ withConfig = false }: { withConfig?: boolean } = {}) {
  const queryClient = useQueryClient();
  const warmUp = () => {
    void loadValidation();
    loadAuthClient().catch(() => undefined);
    if (withConfig) void queryClient.prefetchQuery(googleEnabledQueryOptions());
  };
  return { onFocus: warmUp, onPointerDown: warmUp };
}

/**
 * Wraps a submit handler: waits for the validators (usually long loaded by then), then
 * calls it with the submitted form (a form.onSubmit(...) of @mantine/form ignores it).
 */
export function submitWhenReady(handler: (form: HTMLFormElement) => void) {
  return (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    void loadValidation().then(() => handler(form));
  };
}
