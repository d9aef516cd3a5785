import type { ComponentProps } from "react";
import { cn } from "./cn";
import { controlClasses } from "./input";

export type TextareaProps = ComponentProps<"textarea">;

export function Textarea({ className, rows = 4, ...props }: TextareaProps) {
  return <textarea rows={rows} className={cn(controlClasses, "min-h-20", className)} {...props} />;
}
