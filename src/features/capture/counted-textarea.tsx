import { useEffect, useId, useLayoutEffect, useRef, useState, type ClipboardEvent } from "react";
import { useFieldControl } from "../../components/ui/field";
import { Textarea } from "../../components/ui/textarea";

/** From this share of the limit on, the count shows. */
const NEAR = 0.8;
/** The count is read out once typing has paused this long, not on every key. */
const ANNOUNCE_AFTER_MS = 1_000;

// Thousands with a comma, as the rest of the site writes them (en-ZA would put a space).
const format = (count: number) => count.toLocaleString("en-US");

/**
 * A textarea with a maximum length that says how much room is left as the visitor nears it, and says so
 * when pasted text was cut to fit (the browser cuts it silently). The count under the field is tied to it;
 * a polite live region reads it out once typing pauses, never on every keystroke. Inside a <Field>.
 */
export function CountedTextarea({ name, max, rows }: { name: string; max: number; rows?: number }) {
  const field = useFieldControl();
  const countId = useId();
  const textarea = useRef<HTMLTextAreaElement>(null);
  const [length, setLength] = useState(0);
  const [cut, setCut] = useState(false);
  const [spoken, setSpoken] = useState("");

  // What was typed before the page hydrated counts too.
  useLayoutEffect(() => setLength(textarea.current?.value.length ?? 0), []);

  const near = cut || length >= max * NEAR;
  const text = cut
    ? `Your text was cut to ${format(max)} characters, the most this field takes.`
    : length >= max
      ? `You have reached the limit of ${format(max)} characters.`
      : `${format(max - length)} characters left.`;

  useEffect(() => {
    const timer = setTimeout(() => setSpoken(near ? text : ""), cut ? 0 : ANNOUNCE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [near, text, cut]);

  function onPaste(event: ClipboardEvent<HTMLTextAreaElement>) {
    const target = event.currentTarget;
    const pasted = event.clipboardData.getData("text").replace(/\r\n?/g, "\n");
    const kept = target.value.length - (target.selectionEnd - target.selectionStart);
    if (kept + pasted.length > max) setCut(true);
  }

  return (
    <>
      <Textarea
        ref={textarea}
        name={name}
        maxLength={max}
        rows={rows}
        aria-describedby={[field?.describedBy, near && countId].filter(Boolean).join(" ") || undefined}
        onInput={(event) => {
          setLength(event.currentTarget.value.length);
          if (event.nativeEvent instanceof InputEvent && event.nativeEvent.inputType !== "insertFromPaste")
            setCut(false);
        }}
        onPaste={onPaste}
      />
      {near && (
        <p id={countId} className="text-sm text-slate-600">
          {text}
        </p>
      )}
      <p className="sr-only" aria-live="polite">
        {spoken}
      </p>
    </>
  );
}
