"use client";

import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { FormAlert, formMessage } from "@/components/forms/form-parts";
import { useFormFocus } from "@/components/forms/use-form-focus";
import { idleState, type FormState } from "@/lib/form-state";
import { confirmSubscriptionAction, unsubscribeAction } from "../newsletter.actions";

type Done = { email: string };
type Action = (previous: FormState<Done>, formData: FormData) => Promise<FormState<Done>>;

function Success({ children }: { children: React.ReactNode }) {
  return (
    <p role="status" className="rounded-md border border-olive-600 bg-olive-600/10 p-4 text-lg font-medium text-olive-700">
      {children}
    </p>
  );
}

/**
 * One button that acts on a link's token. It is rendered whatever the link's state, so the answer to
 * a press (with or without JavaScript) shows in place; `ready` is false when there is nothing to press.
 */
function TokenButtonForm({
  action: serverAction,
  token,
  ready,
  question,
  notReady,
  button,
  pendingLabel,
  done,
}: {
  action: Action;
  token: string;
  ready: boolean;
  question: React.ReactNode;
  notReady: React.ReactNode;
  button: string;
  pendingLabel: string;
  done: (email: string) => React.ReactNode;
}) {
  const [state, action, pending] = useActionState<FormState<Done>, FormData>(serverAction, idleState);
  const { formRef, alertRef } = useFormFocus(state);
  if (state.status === "success") return <Success>{done(state.data.email)}</Success>;
  if (!ready && state.status === "idle") return <div className="text-lg">{notReady}</div>;
  return (
    <form ref={formRef} action={action} className="space-y-4">
      <input type="hidden" name="token" value={token} />
      <FormAlert id="link-alert" ref={alertRef} message={formMessage(state)} />
      {state.status === "idle" && <div className="text-lg">{question}</div>}
      {state.status === "idle" && (
        <Button type="submit" variant="olive" disabled={pending} className="disabled:opacity-70">
          {pending ? pendingLabel : button}
        </Button>
      )}
    </form>
  );
}

export function ConfirmSubscriptionForm({ token, email }: { token: string; email: string | null }) {
  return (
    <TokenButtonForm
      action={confirmSubscriptionAction}
      token={token}
      ready={email !== null}
      question={
        <p>
          Confirm that <strong className="break-all">{email}</strong> should receive our newsletter: news, programs and events, a few times a
          month at most.
        </p>
      }
      notReady={
        <p role="alert">
          This confirmation link has expired or has already been used. If you are not subscribed yet, sign up again with the newsletter form at
          the bottom of this page.
        </p>
      }
      button="Confirm my subscription"
      pendingLabel="Confirming..."
      done={(address) => (
        <>
          You&rsquo;re subscribed: <span className="break-all">{address}</span> will receive our newsletter. Every issue has a link to
          unsubscribe in one click.
        </>
      )}
    />
  );
}

export function UnsubscribeForm({ token, email }: { token: string; email: string | null }) {
  return (
    <TokenButtonForm
      action={unsubscribeAction}
      token={token}
      ready={email !== null}
      question={
        <p>
          Stop sending our newsletter to <strong className="break-all">{email}</strong>?
        </p>
      }
      notReady={null}
      button="Unsubscribe"
      pendingLabel="Unsubscribing..."
      done={(address) => (
        <>
          You&rsquo;re unsubscribed: <span className="break-all">{address}</span> will not receive our newsletter any more.
        </>
      )}
    />
  );
}
