import { useCallback } from "react";
import { ContactFieldsSchema, saveContact, useContact, type Contact } from "shared-content/admin";
import { FormGrid, TextField, type FormState } from "../ui";
import { SingleRecordForm } from "../editors/single-record-form";
import { LinksEditor, linksToFields, linksToForm, type LinkForm } from "../editors/links-editor";
import { optionalText } from "../lib/form-values";

interface ContactForm {
  email: string;
  phone: string;
  location: string;
  links: LinkForm[];
}

export const contactToForm = (r: Contact | null): ContactForm => ({
  email: r?.email ?? "",
  phone: r?.phone ?? "",
  location: r?.location ?? "",
  links: linksToForm(r?.links),
});
export const contactToFields = (f: ContactForm) => ({
  email: f.email.trim(),
  phone: optionalText(f.phone),
  location: optionalText(f.location),
  links: linksToFields(f.links),
});

/** /admin-panel/configure-get-in-touch: contact details and links. */
export default function ConfigureGetInTouch() {
  const live = useContact();
  const renderForm = useCallback((form: FormState<ContactForm>) => {
    const { values, set, errors, field } = form;
    return (
      <>
        <FormGrid>
          <TextField label="Email" required type="email" {...field("email")} maxLength={254} />
          <TextField label="Phone" type="tel" {...field("phone")} maxLength={40} hint="Optional" />
          <TextField label="Location" {...field("location")} maxLength={100} hint="Optional" />
        </FormGrid>
        <LinksEditor legend="Links (GitHub, LinkedIn, …)" name="links" links={values.links} onChange={(links) => set("links", links)} errors={errors} />
      </>
    );
  }, []);
  return (
    <SingleRecordForm
      title="Get in touch"
      description="The contact details at the end of the home page."
      live={live}
      schema={ContactFieldsSchema}
      toForm={contactToForm}
      toFields={contactToFields}
      save={saveContact}
      renderForm={renderForm}
      what="your changes to the contact details"
      keepAs="contact"
      noun="contact section"
      publicLink={{ href: "/", label: "View the home page" }}
    />
  );
}
