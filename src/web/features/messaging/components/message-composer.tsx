import { Button, Textarea } from '@mantine/core';
import { type FormEvent, type KeyboardEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_MESSAGE_LENGTH } from '../../../../domain/messaging';
import { errorMessage } from '../../../api/http';
import { FormError } from '../../../ui/form-error';
import { useSendMessage } from '../api/messages';
import classes from './conversation-screen.module.css';
import { SendIcon } from './messaging-icons';

/**
 * The reply box: Enter sends, Shift+Enter starts a new line. Blank text is never sent and
 * a second send waits for the first (spec section 5). A failed send keeps the text so
 * nothing typed is lost.
 */
export function MessageComposer({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation('messaging');
  const { send, isPending } = useSendMessage(conversationId);
  const [text, setText] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  // The pending flag arrives with the next render; this blocks a double Enter before it.
  const sending = useRef(false);
  const blank = text.trim().length === 0;

  const submit = async () => {
    const submitted = text;
    const content = submitted.trim();
    if (!content || sending.current) return;
    sending.current = true;
    setFailure(null);
    try {
      await send(content);
      // Whatever was typed while it was on its way stays.
      setText((current) => (current === submitted ? '' : current));
    } catch (error) {
      setFailure(t('failed.send', { reason: errorMessage(error) }));
    } finally {
      sending.current = false;
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Not while an input method is composing: its Enter picks a candidate.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  };

  return (
    <form className={classes.composer} onSubmit={onSubmit}>
      {failure ? (
        <div className={classes.composerError}>
          <FormError>{failure}</FormError>
        </div>
      ) : null}
      <div className={classes.composerRow}>
        <Textarea
          className={classes.composerInput}
          aria-label={t('message')}
          placeholder={t('typeMessage')}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          autosize
          minRows={1}
          maxRows={6}
          maxLength={MAX_MESSAGE_LENGTH}
          radius="md"
        />
        <Button
          type="submit"
          disabled={blank || isPending}
          rightSection={isPending ? null : <SendIcon size={15} />}
        >
          {isPending ? t('sending') : t('send')}
        </Button>
      </div>
      <p className={classes.hint}>
        <kbd>{t('keys.enter')}</kbd> {t('hint.send')} · <kbd>{t('keys.shift')}</kbd> +{' '}
        <kbd>{t('keys.enter')}</kbd> {t('hint.newLine')}
      </p>
    </form>
  );
}
