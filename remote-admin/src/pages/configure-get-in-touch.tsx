import { useCallback } from "react";
import { ContactFieldsSchema, saveContact, useContact } from "shared-content/admin";
import { FormGrid, TextField, type FormState } from "../ui";
import { SingleRecordForm } from "../editors/single-record-form";
import { LinksEditor, links } from "../editors/links-editor";
import { formCodec, optional, text, type FormValues } from "../lib/form-codec";

const contactForm = formCodec({ email: text, phone: optional, location: optional, links });
type ContactForm = FormValues<typeof contactForm>;

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
      toForm={contactForm.toForm}
      toFields={contactForm.toFields}
      save={saveContact}
      renderForm={renderForm}
      what="your changes to the contact details"
      keepAs="contact"
      noun="contact section"
      publicLink={{ href: "/", label: "View the home page" }}
    />
  );
}
