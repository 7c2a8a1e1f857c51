import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'placeholder' | 'required'>;

interface AuthFieldProps extends InputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** A button drawn inside the field's right edge (the password toggle). */
  toggle?: ReactNode;
  /** Not required: no asterisk (the activation code). */
  optional?: boolean;
}

/** A required outlined field with a floating label, as MUI's TextField draws it. */
export function AuthField({ label, value, onChange, toggle, optional = false, ...input }: AuthFieldProps) {
  const id = useId();
  return (
    <div className={toggle ? 'auth-field with-toggle' : 'auth-field'}>
      {/* The blank placeholder lets the CSS float the label once the field has a value. */}
      <input {...input} id={id} value={value} onChange={(e) => onChange(e.target.value)} placeholder=" " required={!optional} />
      <label htmlFor={id}>
        {label}
        {!optional && <span aria-hidden="true">{'\u2009*'}</span>}
      </label>
      {toggle}
    </div>
  );
}
