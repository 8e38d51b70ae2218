import { conversation } from '../../src/server/db/schema';
import {
  createConversation,
  markRead,
  sendMessage,
  sendMessageFromEmail,
} from '../../src/server/features/messaging/messaging.service';
import { actorFor, type DemoIds, type Services, writeDeps } from './shared';
/** Conversations between the demo users, through the same rules as the app. Skipped when any exist. */
export async function seedConversations(services: Services, ids: DemoIds) {
  const { db } = services.database;
  if ((await db.select({ id: conversation.id }).from(conversation).limit(1)).length > 0) return 0;
  const deps = writeDeps(services);
  const admin = actorFor(ids, 'admin@demo.talentforge.test', 'Alex Admin', 'admin');
  const rita = actorFor(ids, 'rita@demo.talentforge.test', 'Rita Recruiter', 'recruiter');
  const omar = actorFor(ids, 'omar@demo.talentforge.test', 'Omar Okafor', 'recruiter');
  const casey = actorFor(ids, 'casey@demo.talentforge.test', 'Casey Chen', 'candidate');
  const priya = actorFor(ids, 'priya@demo.talentforge.test', 'Priya Patel', 'candidate');
  const sam = actorFor(ids, 'sam@demo.talentforge.test', 'Sam Taylor', 'candidate');
  let n = 0;
  const reply = (actor: typeof rita, id: string, content: string) =>
    sendMessage(deps, actor, id, { content, clientId: `seed-${id}-${++n}` });

  // Casey asks her recruiter about the assessment; Rita answers; Casey has read it.
  const question = await createConversation(deps, casey, {
    recipientIds: [rita.id],
    subject: 'Re: Password policy for the auth service',
    message:
      'Hi Rita, should the password rule also reject common passwords, or only check length and character classes?',
  });
  await reply(
    rita,
    question.conversation.id,
    'Length and character classes are enough. Mention anything else you would add in your write-up.',
  );
  // Casey answered from her mail program (reply by e-mail): the message shows "via Email".
  await sendMessageFromEmail(
    deps,
    casey,
    question.conversation.id,
    'Perfect, thank you! I will add a short note on common-password lists to my write-up.',
    'seed-email-reply-1',
  );
  await markRead(deps, rita, question.conversation.id);

  // Rita congratulates Priya on her result; Priya has not opened it yet (unread for her).
  const result = await createConversation(deps, rita, {
    recipientIds: [priya.id],
    subject: 'Your assessment result',
    message:
      'Great work on the password policy assessment: 88/100. Could we talk on Thursday about next steps?',
  });
  await reply(priya, result.conversation.id, 'Thank you! Thursday afternoon works for me.');
  await reply(rita, result.conversation.id, 'Booked for 2pm. I will send the invite.');

  // Omar reaches out to Sam (unread for Sam).
  await createConversation(deps, omar, {
    recipientIds: [sam.id],
    subject: 'DevOps role at Bluebird Health',
    message:
      'Hi Sam, your Kubernetes and Terraform experience caught my eye. Open to a chat about a platform role?',
  });

  // The admin writes to both recruiters at once.
  await createConversation(deps, admin, {
    recipientIds: [rita.id, omar.id],
    subject: 'New assessment templates',
    message: 'Two new templates are live in the library. Let me know if any role is missing.',
  });
  return 4;
}
