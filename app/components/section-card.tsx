import type { ComponentProps, ReactNode } from "react";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";

export type SectionCardProps = Omit<ComponentProps<"section">, "title"> & {
  title: ReactNode;
  /** The title's id: the card (a `<section>`) is then labelled by its title (`aria-labelledby`). */
  titleId?: string;
  /** What stands in the header after the title (buttons, a badge). */
  actions?: ReactNode;
  /** Goes to the card's content. */
  contentClassName?: string;
};

/** A titled card of a form or a detail: the header with the title and its actions, then the content. */
export function SectionCard({ title, titleId, actions, contentClassName, children, ...cardProps }: SectionCardProps) {
  return (
    <Card aria-labelledby={titleId} {...cardProps}>
      <CardHeader>
        <CardTitle id={titleId}>{title}</CardTitle>
        {actions}
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}
