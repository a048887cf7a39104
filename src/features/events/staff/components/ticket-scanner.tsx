"use client";

import { useEffect, useId, useRef, useState } from "react";
import { ticketOf } from "../../event-paths";
import { decodeQrImage } from "../qr-decode";

type Scanned = { eventId: number; registrationId: number };

const buttonClass = "min-h-12 rounded-md border-2 border-navy-900 bg-white px-4 py-2 font-semibold text-navy-900 hover:bg-navy-900 hover:text-white";

/** What a scanned text is to this event's door: a ticket of it, of another event, or no ticket. */
function judge(text: string | undefined, eventId: number): { ticket?: Scanned; message?: string } {
  if (text === undefined) return { message: "No QR code found in the picture. Try again closer, with the whole code in view." };
  const ticket = ticketOf(text);
  if (!ticket) return { message: "That QR code is not a ticket of this site." };
  if (ticket.eventId !== eventId) return { message: "That ticket is for another event." };
  return { ticket };
}

/**
 * Scans a ticket's QR code (issue 32) with the phone's camera — a live view read a few times a second —
 * or from a photo taken with the phone's camera app (where the browser may not open the camera, or the
 * volunteer prefers it). Works offline: the decoder is the browser's own or one the page keeps.
 */
export function TicketScanner({ eventId, onTicket }: { eventId: number; onTicket: (ticket: Scanned) => void }) {
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState("");
  const video = useRef<HTMLVideoElement>(null);
  const panelId = useId();
  const photoId = useId();
  const found = useRef(onTicket);
  useEffect(() => {
    found.current = onTicket;
  });

  useEffect(() => {
    if (!open) return;
    let stopped = false;
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = async () => {
      const view = video.current;
      if (stopped || !view) return;
      if (view.readyState >= 2 && view.videoWidth > 0) {
        const text = await decodeQrImage(view, view.videoWidth, view.videoHeight).catch(() => undefined);
        if (stopped) return;
        if (text !== undefined) {
          const { ticket, message: why } = judge(text, eventId);
          if (ticket) {
            setOpen(false);
            found.current(ticket);
            return;
          }
          setMessage(why!);
        }
      }
      timer = setTimeout(read, 250);
    };
    (async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        setMessage("This browser cannot open the camera here. Take a photo of the ticket instead, or search by name.");
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
      } catch (error) {
        const denied = error instanceof DOMException && error.name === "NotAllowedError";
        setMessage(`${denied ? "The camera is not allowed for this page." : "The camera could not be opened."} Take a photo of the ticket instead, or search by name.`);
        return;
      }
      if (stopped || !video.current) return stream.getTracks().forEach((track) => track.stop());
      video.current.srcObject = stream;
      await video.current.play().catch(() => undefined);
      setMessage("Point the camera at the ticket's QR code.");
      read();
    })();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [open, eventId]);

  async function readPhoto(file: File | undefined) {
    if (!file) return;
    setMessage("Reading the photo...");
    try {
      const bitmap = await createImageBitmap(file);
      const text = await decodeQrImage(bitmap, bitmap.width, bitmap.height);
      bitmap.close();
      const { ticket, message: why } = judge(text, eventId);
      if (ticket) {
        setOpen(false);
        setMessage("");
        onTicket(ticket);
      } else setMessage(why!);
    } catch {
      setMessage("That file could not be read as a picture.");
    }
  }

  return (
    <div>
      <button type="button" aria-expanded={open} aria-controls={panelId} onClick={() => (setOpen(!open), setMessage(""))} className={buttonClass}>
        {open ? "Close the scanner" : "Scan a ticket"}
      </button>
      <div id={panelId} hidden={!open} className="mt-3 rounded-lg border border-navy-700/20 bg-white p-3">
        <video ref={video} muted playsInline aria-label="Camera view" className="aspect-square w-full max-w-sm rounded-md bg-navy-900 object-cover" />
        <p role="status" className="mt-2 text-sm">
          {message}
        </p>
        <label htmlFor={photoId} className="mt-2 block font-medium">
          Or take a photo of the ticket
        </label>
        <input
          id={photoId}
          type="file"
          accept="image/*"
          capture="environment"
          onChange={(event) => {
            readPhoto(event.currentTarget.files?.[0]);
            event.currentTarget.value = "";
          }}
          className="mt-1 block w-full text-sm"
        />
      </div>
    </div>
  );
}
