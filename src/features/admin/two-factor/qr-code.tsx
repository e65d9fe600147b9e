import { toDataURL } from "qrcode";
import { useEffect, useState } from "react";

/**
 * The otpauth:// address as a QR code, drawn in the browser (the secret never goes to a third-party
 * image service) into a data: image, which the Content Security Policy allows for images.
 */
export function QrCode({ value }: { value: string }) {
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    toDataURL(value, { errorCorrectionLevel: "M", margin: 2, width: 208 }).then(
      (url) => current && setImage(url),
      (error: unknown) => console.error("Drawing the QR code failed:", error),
    );
    return () => {
      current = false;
    };
  }, [value]);
  return image ? (
    <img
      src={image}
      width={208}
      height={208}
      alt="QR code for your authenticator app"
      className="rounded-lg border border-slate-200"
    />
  ) : (
    <div
      role="img"
      aria-label="QR code for your authenticator app (drawing…)"
      className="h-[208px] w-[208px] animate-pulse rounded-lg bg-slate-100"
    />
  );
}
