/**
 * Modal dialog on the native <dialog> element.
 *
 * With JavaScript: <DialogTrigger> calls showModal() (focus is trapped, Escape closes, focus returns to the opener).
 * Without JavaScript: the trigger is a plain link to ?dialog=<name>; the server then renders <dialog open> inline,
 * and the close link goes back to the same URL without the param. `open` defaults to exactly that URL check.
 */
import { useEffect, useId, useRef, useState, useSyncExternalStore, type ComponentProps, type ReactNode } from "react";
import { useLocation, useNavigate, useNavigation, useSearchParams } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { cn } from "./cn";
import { buttonClasses, type ButtonSize, type ButtonVariant } from "./button";

/** The search param that opens a dialog without JavaScript. */
export const DIALOG_PARAM = "dialog";

const noopSubscribe = () => () => {};
/** False on the server and during hydration, true once the page is interactive. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noopSubscribe,
    () => true,
    () => false,
  );
}

export function dialogId(name: string) {
  return `dialog-${name}`;
}

// Element that had focus when a dialog was opened; focus goes back there on close.
const openers = new WeakMap<HTMLDialogElement, HTMLElement>();

/** Opens the dialog `name` as a modal (client only). */
export function openDialog(name: string, opener?: HTMLElement | null) {
  const el = document.getElementById(dialogId(name));
  if (!(el instanceof HTMLDialogElement)) return;
  const from = opener ?? (document.activeElement as HTMLElement | null);
  if (from) openers.set(el, from);
  if (el.open && !el.matches(":modal")) el.close();
  if (!el.open) el.showModal();
}

export function closeDialog(name: string) {
  const el = document.getElementById(dialogId(name));
  if (el instanceof HTMLDialogElement && el.open) el.close();
}

/** The current URL with ?dialog=<name> set (name) or removed (null). */
function useDialogHref(name: string | null) {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  if (name) params.set(DIALOG_PARAM, name);
  else params.delete(DIALOG_PARAM);
  const search = params.toString();
  return `${location.pathname}${search ? `?${search}` : ""}`;
}

export type DialogProps = Omit<ComponentProps<"dialog">, "title" | "open"> & {
  /** Unique on the page; used for the element id and the ?dialog=<name> param. */
  name: string;
  /** Open state. Defaults to `?dialog=<name>` being in the URL. Changing it later opens/closes the modal. */
  open?: boolean;
  title: ReactNode;
  description?: ReactNode;
  footer?: ReactNode;
  children?: ReactNode;
  /**
   * Close after a form inside the dialog was submitted and the navigation finished, unless an element inside has
   * aria-invalid="true" or data-keep-dialog-open. Default true.
   */
  closeAfterSubmit?: boolean;
  onClose?: () => void;
  size?: "sm" | "md" | "lg";
};

const widths = { sm: "max-w-sm", md: "max-w-lg", lg: "max-w-2xl" };

export function Dialog({
  name,
  open: openProp,
  title,
  description,
  footer,
  children,
  closeAfterSubmit = true,
  onClose,
  size = "md",
  className,
  ...props
}: DialogProps) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const open = openProp ?? searchParams.get(DIALOG_PARAM) === name;
  const ref = useRef<HTMLDialogElement>(null);
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const closeHref = useDialogHref(null);
  const uid = useId();
  const titleId = `${uid}-title`;
  const descriptionId = `${uid}-description`;
  // Open in the server HTML (and hydration): rendered as <dialog open>. Kept constant so React never touches the
  // `open` attribute again; after hydration the effect below turns it into a real modal.
  const [ssrOpen] = useState(() => !hydrated && open);

  // Follow the `open` prop imperatively once hydrated (React must not own the `open` attribute of a modal).
  useEffect(() => {
    const el = ref.current;
    if (!el || !hydrated) return;
    if (open && !el.matches(":modal")) {
      if (el.open) el.close();
      el.showModal();
    } else if (!open && el.open) {
      el.close();
    }
  }, [open, hydrated]);

  // Close after a submission from inside the dialog has finished (a new location, router idle), unless the form
  // came back with invalid fields. Router states may be batched, so only the finished navigation is relied on.
  const location = useLocation();
  const submitted = useRef(false);
  useEffect(() => {
    if (!submitted.current || navigation.state !== "idle") return;
    submitted.current = false;
    const el = ref.current;
    if (closeAfterSubmit && el?.open && !el.querySelector('[aria-invalid="true"], [data-keep-dialog-open]')) el.close();
  }, [navigation.state, location.key, closeAfterSubmit]);

  function handleClose() {
    const el = ref.current;
    if (el?.open) return; // late event of the close() that preceded showModal()
    submitted.current = false;
    const opener = el && openers.get(el);
    if (el) openers.delete(el);
    if (opener?.isConnected) opener.focus();
    // Opened through the URL: drop the param so a reload does not reopen it.
    if (searchParams.get(DIALOG_PARAM) === name) navigate(closeHref, { replace: true, preventScrollReset: true });
    onClose?.();
  }

  return (
    <>
      {/* Without JavaScript there is no ::backdrop: dim the page behind the inline dialog. */}
      {ssrOpen && !hydrated && <div aria-hidden="true" className="fixed inset-0 z-40 bg-slate-900/40" />}
      <dialog
        {...props}
        ref={ref}
        id={dialogId(name)}
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        open={ssrOpen || undefined}
        onClose={handleClose}
        onSubmit={() => {
          submitted.current = true;
        }}
        onClick={(e) => {
          // A click on the backdrop (the dialog element itself, outside its panel) closes it.
          if (e.target === e.currentTarget) e.currentTarget.close();
        }}
        className={cn(
          "fixed inset-0 z-50 m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] overflow-visible bg-transparent p-0",
          "backdrop:bg-slate-900/40",
          widths[size],
          className,
        )}
      >
        <div className="flex max-h-[calc(100dvh-2rem)] flex-col rounded-lg border border-slate-200 bg-white text-slate-800 shadow-xl">
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4">
            <div>
              <h2 id={titleId} className="text-base font-semibold text-slate-900">
                {title}
              </h2>
              {description && (
                <p id={descriptionId} className="mt-1 text-sm text-slate-600">
                  {description}
                </p>
              )}
            </div>
            <DialogClose variant="ghost" size="icon" className="-mt-1 -mr-2" aria-label={t("common:dialog.close")}>
              <svg
                aria-hidden="true"
                viewBox="0 0 20 20"
                className="size-5"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
              >
                <path d="M5 5l10 10M15 5L5 15" strokeLinecap="round" />
              </svg>
            </DialogClose>
          </div>
          <div className="overflow-y-auto px-5 py-4 text-sm">{children}</div>
          {footer && (
            <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 bg-slate-50 px-5 py-3">
              {footer}
            </div>
          )}
        </div>
      </dialog>
    </>
  );
}

type LinkButtonProps = Omit<ComponentProps<"a">, "href"> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
};

/** Opens dialog `name`: a link to ?dialog=<name> that JavaScript turns into showModal(). */
export function DialogTrigger({
  name,
  variant = "secondary",
  size,
  className,
  onClick,
  ...props
}: LinkButtonProps & { name: string }) {
  const href = useDialogHref(name);
  return (
    <a
      {...props}
      href={href}
      role="button"
      aria-haspopup="dialog"
      aria-controls={dialogId(name)}
      className={buttonClasses({ variant, size, className })}
      onClick={(e) => {
        onClick?.(e);
        if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        if (!document.getElementById(dialogId(name))) return; // not rendered: follow the link
        e.preventDefault();
        openDialog(name, e.currentTarget);
      }}
      onKeyDown={(e) => {
        // role="button": Space activates it like a button.
        if (e.key === " ") {
          e.preventDefault();
          e.currentTarget.click();
        }
      }}
    />
  );
}

/** Closes the surrounding dialog: a link back to the URL without ?dialog=… that JavaScript turns into close(). */
export function DialogClose({ variant = "secondary", size, className, onClick, ...props }: LinkButtonProps) {
  const href = useDialogHref(null);
  return (
    <a
      {...props}
      href={href}
      role="button"
      className={buttonClasses({ variant, size, className })}
      onClick={(e) => {
        onClick?.(e);
        const el = e.currentTarget.closest("dialog");
        if (e.defaultPrevented || !el) return;
        e.preventDefault();
        el.close();
      }}
      onKeyDown={(e) => {
        if (e.key === " ") {
          e.preventDefault();
          e.currentTarget.click();
        }
      }}
    />
  );
}
