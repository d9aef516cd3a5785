import type { ComponentProps, ReactNode } from "react";
import { Link, type LinkProps } from "react-router";
import { cn } from "./cn";

export type ButtonVariant = "primary" | "secondary" | "danger" | "ghost";
export type ButtonSize = "sm" | "md" | "lg" | "icon";

const base =
  "inline-flex items-center justify-center gap-1.5 rounded-md font-medium whitespace-nowrap transition-colors " +
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600 " +
  "disabled:pointer-events-none disabled:opacity-50 aria-disabled:pointer-events-none aria-disabled:opacity-50";

const variants: Record<ButtonVariant, string> = {
  primary: "bg-emerald-700 text-white shadow-sm hover:bg-emerald-800",
  secondary: "border border-slate-300 bg-white text-slate-800 shadow-sm hover:bg-slate-50",
  danger: "bg-red-700 text-white shadow-sm hover:bg-red-800 focus-visible:outline-red-600",
  ghost: "text-slate-700 hover:bg-slate-100",
};

const sizes: Record<ButtonSize, string> = {
  sm: "h-8 px-2.5 text-sm",
  md: "h-9 px-3.5 text-sm",
  lg: "h-11 px-5 text-base",
  icon: "h-9 w-9 p-0",
};

/** Class names of a button, for elements that must look like one (e.g. a plain <a>). */
export function buttonClasses(opts: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}) {
  return cn(base, variants[opts.variant ?? "primary"], sizes[opts.size ?? "md"], opts.className);
}

type StyleProps = {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
  children?: ReactNode;
};
export type ButtonAsButton = StyleProps & ComponentProps<"button"> & { to?: undefined };
export type ButtonAsLink = StyleProps & Omit<LinkProps, "className"> & { to: LinkProps["to"] };
export type ButtonProps = ButtonAsButton | ButtonAsLink;

/** A button; with `to` it renders a react-router <Link> styled as a button. */
export function Button(props: ButtonProps) {
  if (props.to !== undefined) {
    const { variant, size, className, ...rest } = props as ButtonAsLink;
    return <Link {...rest} className={buttonClasses({ variant, size, className })} />;
  }
  const { variant, size, className, type = "button", ...rest } = props as ButtonAsButton;
  return <button type={type} {...rest} className={buttonClasses({ variant, size, className })} />;
}
